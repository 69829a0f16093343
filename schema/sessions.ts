import { FAILED_VERIFICATION_SQL } from "@shared/classify/verification-result";
import { DURATION_BUCKET_SQL } from "@shared/vocabulary/duration-buckets";
import { FAILING_LISTED_SQL } from "@shared/vocabulary/failing-condition";
import { OUTCOMES } from "@shared/vocabulary/session-outcomes";
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One visitor's run of events with gaps under 30 minutes (docs/decisions.md#5-traffic-reports). Rewritten
 * from its events by the queue consumer (so redelivery cannot double count) and
 * settled by the session-end rollup cron (outcome, bounce), which also refreshes the
 * daily aggregates. Times are epoch ms; `day` is the UTC day of `started_at`.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    siteId: text("site_id").notNull(),
    /** Daily keyed hash (docs/privacy.md) of the day the session started. */
    visitorHash: text("visitor_hash").notNull(),
    day: text("day").notNull(),
    startedAt: integer("started_at").notNull(),
    lastEventAt: integer("last_event_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    pageCount: integer("page_count").notNull(),
    eventCount: integer("event_count").notNull(),
    /** Events other than page views and page leaves (add to cart, clicks…): a bounce has none. */
    interactionCount: integer("interaction_count").notNull(),
    entryUrl: text("entry_url").notNull(),
    exitUrl: text("exit_url").notNull(),
    /** docs/decisions.md#7-conversions-and-attribution platform, null for humans. */
    agentPlatform: text("agent_platform"),
    /** `user_action` | `search` | `crawl` | `unknown`, null for humans. */
    purpose: text("purpose"),
    /** `verified` | `declared` | `heuristic`, null for humans. */
    tier: text("tier"),
    agentConfidence: real("agent_confidence"),
    /** JSON array of docs/decisions.md#5-traffic-reports detection_signals. */
    detectionSignals: text("detection_signals").notNull(),
    /**
     * Origin of the key source of the session's valid Web Bot Auth signature (listed or
     * not): the identity a signature proves (docs/ingest.md, "Who counts as verified").
     * Null without a valid signature.
     */
    signerOrigin: text("signer_origin"),
    source: text("source").notNull(),
    subSource: text("sub_source"),
    referrerHost: text("referrer_host"),
    browser: text("browser"),
    os: text("os"),
    deviceType: text("device_type"),
    /** Evidence flags for the outcome, from the session's events. */
    reachedCart: integer("reached_cart").notNull(),
    reachedPurchase: integer("reached_purchase").notNull(),
    /** Null until settled (shared/vocabulary/session-outcomes.ts). */
    outcome: text("outcome", { enum: OUTCOMES }),
    /** 1 when the settled session had one page view and nothing else. */
    bounced: integer("bounced"),
    settledAt: integer("settled_at"),
    /** 1 when the daily aggregates of (site, day) must be recomputed. */
    dirty: integer("dirty").notNull(),
  },
  (t) => [
    // The consumer finds a visitor's open session: (site, visitor) then the newest.
    index("sessions_site_visitor_idx").on(t.siteId, t.visitorHash, t.lastEventAt),
    // Reports of the open day and journeys/failing lists scan a site's sessions by start.
    index("sessions_site_started_idx").on(t.siteId, t.startedAt),
    // The rollup cron looks only at unsettled sessions, ordered by last activity.
    index("sessions_unsettled_idx").on(t.settledAt, t.lastEventAt),
    // The rollup cron finds (site, day) pairs whose aggregates are out of date.
    index("sessions_dirty_idx").on(t.dirty, t.siteId, t.day),
    // Reports (shared/reports/median-duration.ts): the exact median duration of a long window walks agent sessions in duration order and stops at the middle.
    index("sessions_agent_duration_idx").on(t.siteId, t.durationMs, t.startedAt).where(sql`agent_platform IS NOT NULL`),
    // Reports (shared/reports/median-duration.ts): the middle duration bucket's agent sessions of a window, by start; covering (the platform is the partial index's condition, which SQLite reads from the row otherwise).
    index("sessions_agent_bucket_idx")
      .on(t.siteId, sql.raw(DURATION_BUCKET_SQL), t.startedAt, t.durationMs, t.agentPlatform)
      .where(sql`agent_platform IS NOT NULL`),
    // Reports (shared/reports/failed-verification.ts): the sessions that failed their operator's published check, the few a window holds.
    index("sessions_failed_verification_idx")
      .on(t.siteId, t.startedAt, t.agentPlatform)
      .where(sql.raw(FAILED_VERIFICATION_SQL)),
    // Reports (shared/reports/verification.ts): who signed reads only the signed sessions of a window.
    index("sessions_signed_idx").on(t.siteId, t.startedAt).where(sql`signer_origin IS NOT NULL`),
    // Reports (shared/reports/failing-sessions.ts): failing-session pages and total_matching read only the listed few (crawls and search fetches left out); the WHERE is that query's condition, declared once.
    index("sessions_failing_idx").on(t.siteId, t.startedAt, t.id).where(sql.raw(FAILING_LISTED_SQL)),
    // Reports (shared/reports/crawl-to-referral.ts): the people an assistant's link sent, by start, without walking the window's other sessions; covering (sub_source is the assistant).
    index("sessions_ai_link_idx")
      .on(t.siteId, t.startedAt, t.subSource)
      .where(sql`source = 'ai_assistant_link' AND agent_platform IS NULL`),
  ],
);
