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
 * order, checking the start inside the index, and stops at the middle. The `coalesce`
 * and unary `+` below only steer SQLite to the intended index.
 */
export async function medianDurationMs(
  db: D1Database,
  siteId: string,
  start: number,
  end: number,
  count: number,
): Promise<number> {
  if (count <= 0) return 0;
  const offset = Math.floor((count - 1) / 2);
  const take = count % 2 === 1 ? 1 : 2;
  const sql =
    count <= SMALL_WINDOW_SESSIONS
      ? `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND coalesce(agent_platform, '') != ''
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`
      : `SELECT duration_ms FROM sessions
         WHERE site_id = ?1 AND agent_platform IS NOT NULL AND +started_at >= ?2 AND +started_at < ?3
         ORDER BY duration_ms LIMIT ?4 OFFSET ?5`;
  const { results } = await db.prepare(sql).bind(siteId, start, end, take, offset).all<{ duration_ms: number }>();
  // Sessions that arrived between the count and this read can leave fewer rows than
  // expected; the median is then taken from what the second read saw.
  if (results.length === 0) return 0;
  const values = results.map((r) => r.duration_ms);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}
