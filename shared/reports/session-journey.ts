import type { Tier } from "../classify/identity-vocabulary";
import { storedSignals, verificationResult } from "../classify/verification-result";
import type { NonNullColumns } from "../db/sql-row";
import { ok, type Result, refusal } from "../result/result";
import { type JourneyEvent, journeyPages, topInteractions } from "../sessions/journey";
import type { SessionRow } from "../sessions/session-state";
import { AGENT_KIND_SQL, type AgentKind } from "../vocabulary/agent-kinds";
import { NO_SHOPPING_PURPOSES, outcomeOf } from "../vocabulary/session-outcomes";
import { TIER } from "./dimensions";
import type { ComputedJourney } from "./report-schemas";

const NO_SHOPPING: readonly (string | null)[] = NO_SHOPPING_PURPOSES;

/** Events read for one journey: bounds the work and the response of a very long session. */
export const MAX_JOURNEY_EVENTS = 2_000;

/** A site of the caller's workspace whose shard is asked for the session. */
export interface JourneySite {
  id: string;
  domain: string;
  workspaceId: string;
}

/**
 * The session's row: its table columns typed by schema/sessions.ts, `agent_platform`
 * non-null because the query's WHERE keeps agent sessions only; `domain` is the site's,
 * bound as `?3`, not a session column.
 */
type Row = NonNullColumns<
  Pick<
    SessionRow,
    | "id"
    | "agent_platform"
    | "agent_confidence"
    | "detection_signals"
    | "signer_origin"
    | "outcome"
    | "purpose"
    | "reached_cart"
    | "reached_purchase"
    | "started_at"
    | "duration_ms"
    | "page_count"
    | "event_count"
    | "entry_url"
    | "exit_url"
    | "browser"
    | "os"
    | "device_type"
  >,
  "agent_platform"
> & { domain: string; tier: Tier; agent_kind: AgentKind };

/**
 * One AI-agent session of the caller's workspace with its pages and interactions, from
 * the session's stored events, read in its site's analytics shard. A session of another
 * workspace or site, a human session (the
 * journeys cover agents only, docs/decisions.md#5-traffic-reports) and an unknown id
 * are all refused `session_not_found`, indistinguishably.
 */
export async function sessionJourney(
  db: D1Database,
  site: JourneySite,
  sessionId: string,
): Promise<Result<ComputedJourney, "session_not_found">> {
  const { workspaceId } = site;
  const [sessionRes, eventsRes] = await db.batch<Row | JourneyEvent>([
    db
      .prepare(
        `SELECT s.id, ?3 AS domain, s.agent_platform, s.agent_confidence, s.detection_signals, ${TIER.live} AS tier,
           s.signer_origin, s.outcome,
           s.purpose, ${AGENT_KIND_SQL} AS agent_kind, s.reached_cart, s.reached_purchase, s.started_at, s.duration_ms, s.page_count, s.event_count,
           s.entry_url, s.exit_url, s.browser, s.os, s.device_type
         FROM sessions s
         WHERE s.id = ?1 AND s.workspace_id = ?2 AND s.site_id = ?4 AND s.agent_platform IS NOT NULL`,
      )
      .bind(sessionId, workspaceId, site.domain, site.id),
    // ingest_events_session_time_idx (session_id, occurred_at)
    db
      .prepare(
        `SELECT kind, occurred_at, url, target, duration_ms FROM ingest_events
         WHERE session_id = ?1 AND workspace_id = ?2 ORDER BY occurred_at LIMIT ?3`,
      )
      .bind(sessionId, workspaceId, MAX_JOURNEY_EVENTS),
  ]);
  const s = sessionRes.results[0] as Row | undefined;
  if (!s) return refusal("session_not_found");
  const events = eventsRes.results as JourneyEvent[];
  // A malformed stored value reports no signals rather than failing the journey.
  const signals = storedSignals(s.detection_signals);
  return ok({
    session_id: s.id,
    domain: s.domain,
    agent_platform: s.agent_platform,
    agent_confidence: s.agent_confidence,
    verification: verificationResult(s.tier, signals) ?? "unchecked",
    detection_signals: signals,
    signer_origin: s.signer_origin,
    agent_kind: s.agent_kind,
    // The outcome as the reports read it (shared/vocabulary/session-outcomes.ts): the stored one, or
    // the evidence so far; a crawl or search fetch has none.
    outcome: NO_SHOPPING.includes(s.purpose)
      ? outcomeOf(false, false, s.purpose)
      : (s.outcome ?? outcomeOf(s.reached_cart === 1, s.reached_purchase === 1)),
    outcome_settled: s.outcome !== null,
    started_at: new Date(s.started_at).toISOString(),
    ended_at: new Date(s.started_at + s.duration_ms).toISOString(),
    duration_ms: s.duration_ms,
    page_count: s.page_count,
    event_count: s.event_count,
    entry_url: s.entry_url,
    exit_url: s.exit_url,
    pages: journeyPages(events),
    top_interactions: topInteractions(events),
    browser: s.browser,
    os: s.os,
    device_type: s.device_type,
  });
}
