import { HEARTBEAT_FRESHNESS_S } from "../sessions/install-status";
import { HOUR_MS } from "../time/durations";
import { utcDay } from "../time/utc-day";
import type { AlertKind } from "../vocabulary/notification-kinds";
import {
  ALERT_EVENTS,
  type AlertPayload,
  InstallStoppedPayload,
  NewAgentPayload,
  RobotsViolationsPayload,
  ScoreBelowPayload,
} from "./alert-events";

// What to tell a workspace about, as pure functions over what the cron read (docs/app.md
// "Notifications", docs/decisions.md "Notifications"). Each alert carries its `key`: the
// same event found by a later or overlapping run has the same key, and the sent log
// (sent-log.ts) lets one key through once per recipient.

export interface Alert {
  kind: AlertKind;
  /** `<kind>:<what happened>`, stable across runs. */
  key: string;
  domain: string;
  payload: AlertPayload;
}

/**
 * Silence before "installation stopped receiving": the install check's own freshness
 * (24 h, contract), so the alert and the status word on the site's page agree, and a
 * small shop with no visitor overnight is not an outage.
 */
export const INSTALL_SILENCE_MS = HEARTBEAT_FRESHNESS_S * 1000;
/** How far back "seen before" looks for a platform: the longest report window (90 days). */
export const AGENT_HISTORY_DAYS = 90;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Platforms with sessions in `recent` and none in the site's history before it. One
 * alert per site and platform, ever (its key), so a platform that comes and goes is not
 * announced every day.
 */
export function detectNewAgents(
  site: { id: string; domain: string },
  recent: readonly { platform: string; sessions: number }[],
  history: readonly string[],
  window: { start: number; end: number },
  nowMs: number,
): Alert[] {
  const seen = new Set(history);
  return recent
    .filter((p) => p.sessions > 0 && !seen.has(p.platform))
    .map((p) => ({
      kind: "new_agent" as const,
      key: `new_agent:${site.id}:${p.platform}`,
      domain: site.domain,
      payload: NewAgentPayload.parse({
        event: ALERT_EVENTS.new_agent,
        domain: site.domain,
        platform: p.platform,
        sessions: p.sessions,
        windowStart: iso(window.start),
        windowEnd: iso(window.end),
        timestamp: iso(nowMs),
      }),
    }));
}

/**
 * A site that had accepted events and has had none for INSTALL_SILENCE_MS. Keyed by the
 * last accepted event: one alert per silence; events that resume and stop again start
 * a new one. A site that never received anything is awaiting its install, not stopped.
 */
export function detectInstallStopped(
  site: { id: string; domain: string; lastAcceptAt: number | null },
  nowMs: number,
): Alert | null {
  if (site.lastAcceptAt === null || nowMs - site.lastAcceptAt <= INSTALL_SILENCE_MS) return null;
  return {
    kind: "install_stopped",
    key: `install_stopped:${site.id}:${site.lastAcceptAt}`,
    domain: site.domain,
    payload: InstallStoppedPayload.parse({
      event: ALERT_EVENTS.install_stopped,
      domain: site.domain,
      lastAcceptedAt: iso(site.lastAcceptAt),
      silentHours: Math.floor((nowMs - site.lastAcceptAt) / HOUR_MS),
      timestamp: iso(nowMs),
    }),
  };
}

/** A `score.changed` a monitor recorded (its stored payload), read back by the cron. */
export interface ScoreChange {
  domain: string;
  oldScore: number;
  newScore: number;
  scanId: string | null;
  /** RFC 3339, when the rescan detected it. */
  timestamp: string;
}

/**
 * A score that crossed from at or above `threshold` to below it. A score that was
 * already below and moves again is not announced again: the alert is for the drop.
 * Keyed by workspace, domain and detection time, so two monitors of one domain (two
 * webhook URLs) announce one drop once.
 */
export function detectScoreBelow(workspaceId: string, change: ScoreChange, threshold: number): Alert | null {
  if (!(change.oldScore >= threshold && change.newScore < threshold)) return null;
  return {
    kind: "score_below",
    key: `score_below:${workspaceId}:${change.domain}:${change.timestamp}`,
    domain: change.domain,
    payload: ScoreBelowPayload.parse({
      event: ALERT_EVENTS.score_below,
      domain: change.domain,
      threshold,
      oldScore: change.oldScore,
      newScore: change.newScore,
      scanId: change.scanId,
      timestamp: change.timestamp,
    }),
  };
}

/** The robots-compliance report's parts the alert reads (shared/reports/agent-report-schemas.ts). */
export interface RobotsDay {
  totals: { disallowed: number };
  agents: readonly { agent: string; platform: string; disallowed: number }[];
}

/**
 * Disallowed requests on the UTC day starting at `dayStart`, judged by the robots-compliance
 * report over that day. One alert per site and day.
 */
export function detectRobotsViolations(
  site: { id: string; domain: string },
  report: RobotsDay,
  dayStart: number,
  nowMs: number,
): Alert | null {
  if (report.totals.disallowed === 0) return null;
  const day = utcDay(dayStart);
  return {
    kind: "robots_violations",
    key: `robots_violations:${site.id}:${day}`,
    domain: site.domain,
    payload: RobotsViolationsPayload.parse({
      event: ALERT_EVENTS.robots_violations,
      domain: site.domain,
      day,
      disallowed: report.totals.disallowed,
      agents: report.agents
        .filter((a) => a.disallowed > 0)
        .map((a) => ({ agent: a.agent, platform: a.platform, disallowed: a.disallowed })),
      timestamp: iso(nowMs),
    }),
  };
}
