/**
 * Duration buckets of agent_durations_daily, the histogram the exact median reads to
 * find where its middle lies (shared/reports/median-duration.ts): 10-second buckets,
 * every session of an hour or more in the last one, so a day has at most 361 rows.
 * `DURATION_BUCKET_SQL` is the bucket of a `sessions` row; bucket b holds the durations
 * from b × DURATION_BUCKET_MS up (below the next bucket's floor).
 */
export const DURATION_BUCKET_MS = 10_000;
const LAST_BUCKET = 360;
export const DURATION_BUCKET_SQL = `min(CAST(duration_ms / ${DURATION_BUCKET_MS} AS INTEGER), ${LAST_BUCKET})`;
