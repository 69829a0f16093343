import { NO_SHOPPING_SQL, type Outcome } from "./session-outcomes";

/** traffic-facts §5: a "short" single-page bounce lasted under 5 seconds. */
export const SHORT_BOUNCE_MS = 5_000;

const ABANDONED: Outcome = "abandoned";

/**
 * Which sessions the failing-sessions report lists: AI-agent sessions the session-end
 * rollup settled as abandoned, or as a bounce (one page, no interaction) shorter than 5
 * seconds. Declared once for the report's query (failing-sessions.ts) and the WHERE of
 * the partial index sessions_failing_idx (schema/sessions.ts): SQLite uses a partial
 * index only when the query states its condition, so the two must be the same text.
 */
export const FAILING_SQL = `agent_platform IS NOT NULL AND (outcome = '${ABANDONED}' OR (bounced = 1 AND duration_ms < ${SHORT_BOUNCE_MS}))`;

/**
 * The sessions the report lists and counts: failing, and not a crawl or search fetch
 * (they do not shop, shared/vocabulary/session-outcomes.ts). This, not FAILING_SQL alone, is the
 * WHERE of sessions_failing_idx: with the purpose test outside the index, every failing
 * row in the window was read from the table to count total_matching (bench:reports, 1M
 * sessions: 137 ms p95 at 90 days against 42 ms for the window's count(*)).
 */
export const FAILING_LISTED_SQL = `${FAILING_SQL} AND NOT ${NO_SHOPPING_SQL}`;
