import { sessions } from "@schema/sessions";
import type { DetectionSignal } from "../classify/identity-vocabulary";
import { columnNames, type SqlRow } from "../db/sql-row";
import type { IngestMessage } from "../ingest/queue-message";
import { MINUTE_MS } from "../time/durations";
import { utcDay } from "../time/utc-day";
import { evidenceOf } from "./commerce-evidence";

/** docs/decisions.md#5-traffic-reports: a new session starts after a gap of 30 minutes or more. */
export const SESSION_GAP_MS = 30 * MINUTE_MS;

/** A full row of `sessions`, typed from its one declaration (schema/sessions.ts). */
export type SessionRow = SqlRow<typeof sessions>;

/**
 * The settlement columns: the session-end rollup (shared/sessions/settle.ts) owns them,
 * and every rewrite of a session by the consumer resets them to these SQL values (not
 * settled, its day's aggregates out of date).
 */
export const ON_REWRITE = {
  outcome: "NULL",
  bounced: "NULL",
  settled_at: "NULL",
  dirty: "1",
} as const satisfies Partial<Record<keyof SessionRow, string>>;

/**
 * A session as the consumer reads and writes it: every column of `sessions` except the
 * settlement ones. Adding a column to schema/sessions.ts adds it here, to the rollup's
 * SELECT and upsert (shared/sessions/rollup.ts), and makes `startSession` below refuse to
 * compile until the new column's first value is computed.
 */
export type SessionState = Omit<SessionRow, keyof typeof ON_REWRITE>;

/** The columns of SessionState, in table order. */
export const SESSION_STATE_COLUMNS = columnNames(sessions).filter((c): c is keyof SessionState => !(c in ON_REWRITE));

const TIER_RANK: Record<string, number> = { heuristic: 1, declared: 2, verified: 3 };

/** True when `at` continues the session: within 30 minutes of its span (either side). */
export function continues(s: SessionState, at: number): boolean {
  return at > s.started_at - SESSION_GAP_MS && at < s.last_event_at + SESSION_GAP_MS;
}

function isPage(m: IngestMessage): boolean {
  return m.kind === "pageview" || m.kind === "request";
}

/** A new session whose first event is `m`: source and identity come from the first event. */
export function startSession(id: string, m: IngestMessage): SessionState {
  return applyEvent(
    {
      id,
      workspace_id: m.workspaceId,
      site_id: m.siteId,
      visitor_hash: m.visitorHash,
      day: utcDay(m.occurredAt),
      started_at: m.occurredAt,
      last_event_at: m.occurredAt,
      duration_ms: 0,
      page_count: 0,
      event_count: 0,
      interaction_count: 0,
      entry_url: m.url,
      exit_url: m.url,
      agent_platform: m.platform,
      purpose: m.purpose,
      tier: m.tier,
      agent_confidence: m.confidence,
      detection_signals: "[]",
      signer_origin: null,
      source: m.source,
      sub_source: m.subSource,
      referrer_host: m.referrerHost,
      browser: m.browser,
      os: m.os,
      device_type: m.deviceType,
      reached_cart: 0,
      reached_purchase: 0,
    },
    m,
  );
}

/**
 * Folds one new event into a session. Called once per event id (the consumer skips
 * stored ids), so counts simply add. An event earlier than the session's start (late
 * delivery) becomes its entry; the strongest verification tier seen wins.
 */
export function applyEvent(s: SessionState, m: IngestMessage): SessionState {
  const next = { ...s };
  if (m.occurredAt < s.started_at) {
    next.started_at = m.occurredAt;
    next.day = utcDay(m.occurredAt);
    if (isPage(m)) next.entry_url = m.url;
  }
  if (m.occurredAt >= s.last_event_at) {
    next.last_event_at = m.occurredAt;
    if (isPage(m)) next.exit_url = m.url;
  }
  next.duration_ms = next.last_event_at - next.started_at;
  next.event_count += 1;
  if (isPage(m)) next.page_count += 1;
  else if (m.kind !== "leave") next.interaction_count += 1;
  // A leave carries time on page: the session lasted at least until then.
  if (m.kind === "leave" && m.durationMs) {
    next.duration_ms = Math.max(next.duration_ms, m.occurredAt - next.started_at);
  }
  if (m.platform && tierRank(m.tier) > tierRank(next.tier)) {
    next.agent_platform = m.platform;
    next.purpose = m.purpose;
    next.tier = m.tier;
    next.agent_confidence = m.confidence;
    if (m.signerOrigin) next.signer_origin = m.signerOrigin;
  }
  if (m.signerOrigin && !next.signer_origin) next.signer_origin = m.signerOrigin;
  const signals = new Set<DetectionSignal>(JSON.parse(next.detection_signals) as DetectionSignal[]);
  for (const sig of m.signals) signals.add(sig);
  next.detection_signals = JSON.stringify([...signals].sort());
  const ev = evidenceOf(m.kind, m.url);
  if (ev.cart) next.reached_cart = 1;
  if (ev.purchase) next.reached_purchase = 1;
  return next;
}

function tierRank(tier: string | null | undefined): number {
  return TIER_RANK[tier ?? ""] ?? 0;
}
