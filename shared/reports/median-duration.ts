import type { SessionRow } from "../sessions/session-state";
import { DURATION_BUCKET_SQL } from "../vocabulary/duration-buckets";
import { type DimensionFilter, filterSql } from "./grouped-sessions";
import type { ReadPlan } from "./read-plan";

/** Below this many sessions, reading them by start time and sorting beats walking by duration. */
const SMALL_WINDOW_SESSIONS = 20_000;
/** Below this many, one sort by start time beats the histogram's statements even when it reads aggregates. */
const FEW_SESSIONS = 1_000;

/**
 * Exact median duration (ms) of the AI-agent sessions that started in [start, end):
 * the middle value, or the mean of the two middle values rounded to the nearest ms;
 * 0 when there are none. `count` is the number of such sessions, known from the
 * counts already read, so only the one or two middle rows are fetched.
 *
 * Three plans. When the window has more than a few sessions and aggregate parts (`plan`
 * with days or hours), or very many sessions, the duration histogram (`medianBucket`: daily and hourly rows, live ranges counted) says
 * which 10-second bucket holds the middle and how many sessions lie below it; then only
 * the window's sessions of that bucket (and the next one, when the two middle values
 * straddle it) are read, from sessions_agent_bucket_idx (site, bucket, start, duration,
 * platform; agent sessions only) without touching the table: about 1/60 of the window's agent
 * sessions for durations spread over 10 minutes. Otherwise, or when the histogram does
 * not count `count` sessions (sessions arrived in between): a small window reads its
 * sessions by start time (sessions_site_started_idx) and sorts them; a large one walks
 * sessions_agent_duration_idx (site, duration, start) in duration order, checking the
 * start inside the index, and stops at the middle. The `coalesce` and unary `+` below
 * only steer SQLite to the intended index. With filters (`where`: the histogram keeps no
 * dimension) the window's filtered sessions are read without the histogram.
 */
export async function medianDurationMs(
  db: D1Database,
  siteId: string,
  start: number,
  end: number,
  count: number,
  asked?: ReadPlan,
  where: readonly DimensionFilter[] = [],
): Promise<number> {
  const plan = where.length === 0 ? asked : undefined;
  const filtered = filterSql(where, "live", 6);
  if (count <= 0) return 0;
  const offset = Math.floor((count - 1) / 2);
  const take = count % 2 === 1 ? 1 : 2;
  let statement: D1PreparedStatement;
  // The histogram costs a few statements: worth it once the window's sessions are more
  // than a sort by start handles in about the same time, or when it is mostly aggregates.
  const aggregated = plan !== undefined && (plan.days !== null || plan.hours.length > 0);
  const histogram = plan !== undefined && (count > SMALL_WINDOW_SESSIONS || (aggregated && count > FEW_SESSIONS));
  const bucket = histogram ? await medianBucket(db, siteId, plan, offset, take, count) : null;
  if (bucket !== null) {
    // sessions_agent_bucket_idx (site, bucket, start, duration, platform): only the
    // window's sessions of the one or two buckets that hold the middle, read from the
    // index. The unary `+` keeps SQLite off sessions_agent_duration_idx's order.
    statement = db
      .prepare(
        `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND agent_platform IS NOT NULL AND ${DURATION_BUCKET_SQL} IN (?6, ?7)
           AND started_at >= ?2 AND started_at < ?3
         ORDER BY +duration_ms LIMIT ?4 OFFSET ?5`,
      )
      .bind(siteId, start, end, take, offset - bucket.below, bucket.first, bucket.last);
  } else if (count <= SMALL_WINDOW_SESSIONS) {
    statement = db
      .prepare(
        `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND coalesce(agent_platform, '') != '' ${filtered.sql}
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`,
      )
      .bind(siteId, start, end, take, offset, ...filtered.values);
  } else {
    statement = db
      .prepare(
        `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND agent_platform IS NOT NULL AND +started_at >= ?2 AND +started_at < ?3 ${filtered.sql}
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`,
      )
      .bind(siteId, start, end, take, offset, ...filtered.values);
  }
  const { results } = await statement.all<Pick<SessionRow, "duration_ms">>();
  // Sessions that arrived between the count and this read can leave fewer rows than
  // expected; the median is then taken from what the second read saw.
  if (results.length === 0) return 0;
  const values = results.map((r) => r.duration_ms);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

/**
 * The duration buckets holding the `offset`-th to the (`offset` + `take` - 1)-th
 * shortest agent session of the plan's window (agent_durations_daily for its aggregate
 * days, agent_durations_hourly for its aggregate hours, `sessions` for its live ranges),
 * and how many of the window's sessions lie below the first. Null when the histogram
 * does not count `count` sessions (sessions arrived in between): the caller then reads
 * without it.
 */
async function medianBucket(
  db: D1Database,
  siteId: string,
  plan: ReadPlan,
  offset: number,
  take: number,
  count: number,
): Promise<{ first: number; last: number; below: number } | null> {
  const statements: D1PreparedStatement[] = [];
  if (plan.days) {
    statements.push(
      db
        .prepare(
          `SELECT bucket AS b, sum(sessions) AS n FROM agent_durations_daily
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?3 AND day NOT IN (SELECT value FROM json_each(?4))
           GROUP BY b`,
        )
        .bind(siteId, plan.days.from, plan.days.to, JSON.stringify(plan.days.exclude)),
    );
  }
  for (const [start, end] of plan.hours) {
    statements.push(
      db
        .prepare(
          `SELECT bucket AS b, sum(sessions) AS n FROM agent_durations_hourly
           WHERE site_id = ?1 AND hour >= ?2 AND hour < ?3 GROUP BY b`,
        )
        .bind(siteId, start, end),
    );
  }
  for (const [start, end] of plan.live) {
    // By start: SQLite would rather walk sessions_agent_bucket_idx in bucket order for
    // the GROUP BY, which reads every agent session of the site.
    statements.push(
      db
        .prepare(
          `SELECT ${DURATION_BUCKET_SQL} AS b, count(*) AS n FROM sessions INDEXED BY sessions_site_started_idx
           WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND agent_platform IS NOT NULL
           GROUP BY b`,
        )
        .bind(siteId, start, end),
    );
  }
  if (statements.length === 0) return null;
  const counts = new Map<number, number>();
  for (const r of await db.batch<{ b: number; n: number }>(statements))
    for (const { b, n } of r.results) counts.set(Number(b), (counts.get(Number(b)) ?? 0) + Number(n));
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total !== count) return null;
  // The buckets of the `take` middle values: the offset-th and the one after it.
  let below = 0;
  let found: { first: number; below: number } | null = null;
  for (const b of [...counts.keys()].sort((x, y) => x - y)) {
    const n = counts.get(b) ?? 0;
    if (found === null && below + n > offset) found = { first: b, below };
    if (found !== null && below + n > offset + take - 1) return { ...found, last: b };
    below += n;
  }
  return null;
}
