import { DURATION_BUCKET_MS, DURATION_BUCKET_SQL } from "../sessions/duration-bucket";
import type { SessionRow } from "../sessions/session-state";
import type { ReadPlan } from "./read-plan";

/** Below this many sessions, reading them by start time and sorting beats walking by duration. */
const SMALL_WINDOW_SESSIONS = 20_000;

/**
 * Exact median duration (ms) of the AI-agent sessions that started in [start, end):
 * the middle value, or the mean of the two middle values rounded to the nearest ms;
 * 0 when there are none. `count` is the number of such sessions, known from the
 * counts already read, so only the one or two middle rows are fetched.
 *
 * Two plans, chosen by size: a small window reads its sessions by start time
 * (sessions_site_started_idx) and sorts them; a large one walks
 * sessions_agent_duration_idx (site, duration, start; agent sessions only) in duration
 * order, checking the start inside the index, and stops at the middle. Given the
 * window's read `plan`, the walk starts at the duration bucket that holds the middle
 * (`medianBucket`), skipping the sessions of the buckets below: at 400,000 agent
 * sessions in 90 days it reads one bucket instead of 200,000 index entries. The
 * `coalesce` and unary `+` below only steer SQLite to the intended index.
 */
export async function medianDurationMs(
  db: D1Database,
  siteId: string,
  start: number,
  end: number,
  count: number,
  plan?: ReadPlan,
): Promise<number> {
  if (count <= 0) return 0;
  const offset = Math.floor((count - 1) / 2);
  const take = count % 2 === 1 ? 1 : 2;
  let statement: D1PreparedStatement;
  if (count <= SMALL_WINDOW_SESSIONS) {
    statement = db
      .prepare(
        `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND coalesce(agent_platform, '') != ''
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`,
      )
      .bind(siteId, start, end, take, offset);
  } else {
    const bucket = plan === undefined ? null : await medianBucket(db, siteId, plan, offset, count);
    statement = db
      .prepare(
        `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND agent_platform IS NOT NULL AND duration_ms >= ?6 AND +started_at >= ?2 AND +started_at < ?3
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`,
      )
      .bind(siteId, start, end, take, offset - (bucket?.below ?? 0), bucket?.floorMs ?? 0);
  }
  const { results } = await statement.all<Pick<SessionRow, "duration_ms">>();
  // Sessions that arrived between the count and this read can leave fewer rows than
  // expected; the median is then taken from what the second read saw.
  if (results.length === 0) return 0;
  const values = results.map((r) => r.duration_ms);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

/**
 * The duration bucket holding the `offset`-th shortest agent session of the plan's
 * window (agent_durations_daily for its aggregate days, agent_durations_hourly for its
 * aggregate hours, `sessions` for its live
 * ranges): the bucket's floor and how many of the window's sessions lie below it. Null
 * when the histogram does not count `count` sessions (sessions arrived in between):
 * the walk then starts from the shortest.
 */
async function medianBucket(
  db: D1Database,
  siteId: string,
  plan: ReadPlan,
  offset: number,
  count: number,
): Promise<{ floorMs: number; below: number } | null> {
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
    statements.push(
      db
        .prepare(
          `SELECT ${DURATION_BUCKET_SQL} AS b, count(*) AS n FROM sessions
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
  let below = 0;
  for (const b of [...counts.keys()].sort((x, y) => x - y)) {
    const n = counts.get(b) ?? 0;
    if (below + n > offset) return { floorMs: b * DURATION_BUCKET_MS, below };
    below += n;
  }
  return null;
}
