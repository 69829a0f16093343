import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcHourStartSql } from "../time/utc-hour";
import { DURATION_BUCKET_SQL } from "../vocabulary/duration-buckets";
import { OUTCOME_SQL } from "../vocabulary/session-outcomes";
import { HOUR_OF_START_SQL, hourlyPruneBefore } from "./hourly-retention";
import { SESSION_GAP_MS, type SessionRow } from "./session-state";

/** Pairs of (site, day) whose aggregates one rollup pass rebuilds at most. */
export const MAX_DAYS_PER_RUN = 200;

export interface SettleResult {
  settled: number;
  daysRebuilt: number;
}

/**
 * The session-end rollup (cron, docs/decisions.md#5-traffic-reports): a session 30 minutes past its last event
 * is over, so its outcome (shared/vocabulary/session-outcomes.ts) and bounce (one page
 * view, no interaction) are settled; then the daily aggregates of every (site, day)
 * with changed sessions are rebuilt from `sessions`. Rebuilding, not incrementing, makes
 * the job idempotent: running it twice changes nothing.
 */
export async function settleSessions(db: D1Database, nowMs: number): Promise<SettleResult> {
  const settled = await db
    .prepare(
      `UPDATE sessions SET
         outcome = ${OUTCOME_SQL},
         bounced = CASE WHEN page_count <= 1 AND interaction_count = 0 THEN 1 ELSE 0 END,
         settled_at = ?1,
         dirty = 1
       WHERE settled_at IS NULL AND last_event_at <= ?2`,
    )
    .bind(nowMs, nowMs - SESSION_GAP_MS)
    .run();

  // Days with changed sessions, and days a session moved away from (stale_days).
  const { results: days } = await db
    .prepare(
      `SELECT site_id, day FROM (SELECT DISTINCT site_id, day FROM sessions WHERE dirty = 1
         UNION SELECT site_id, day FROM stale_days) LIMIT ?`,
    )
    .bind(MAX_DAYS_PER_RUN)
    // stale_days has the same two columns, typed alike (schema/stale-days.ts).
    .all<Pick<SessionRow, "site_id" | "day">>();
  for (const { site_id, day } of days) await rebuildDay(db, site_id, day, nowMs);
  return { settled: settled.meta.changes ?? 0, daysRebuilt: days.length };
}

/**
 * Rebuilds traffic_daily, entry_pages_daily, entry_page_totals_daily, agent_durations_daily
 * and visitors_daily for one (site, day), atomically, with the running page totals of the
 * rest of its month (entry_page_running_daily), and the hourly aggregates of the
 * day's hours (traffic_hourly, entry_pages_hourly, entry_page_running_hourly,
 * agent_durations_hourly, visitors_hourly) from the same sessions in the same transaction, so a day's
 * daily and hourly rows always agree. The hourly rows of a day past HOURLY_RETENTION_DAYS
 * at `nowMs` are not written, and the site's older hourly rows are pruned here.
 * A session's `day` is the UTC day of its `started_at` (shared/sessions/session-state.ts),
 * so the day's sessions are also read by that start range: it puts the reads on
 * sessions_site_started_idx, a walk over the day's sessions only. By `day` alone SQLite
 * walked every session of the site for each day rebuilt (at 1,000,000 sessions over 90
 * days, 91 days took 42 s instead of a few; docs/performance/log.md "Reports").
 */
export async function rebuildDay(
  db: D1Database,
  siteId: string,
  day: string,
  nowMs: number = Date.now(),
): Promise<void> {
  const dayStart = Date.parse(`${day}T00:00:00.000Z`);
  const [monthStart, monthEnd] = [`${day.slice(0, 8)}01`, `${day.slice(0, 8)}31`];
  const pruneBefore = hourlyPruneBefore(nowMs);
  // Only the day's hours inside the retention window are written.
  const hourlyFrom = Math.max(dayStart, pruneBefore);
  const fromHours = (sql: string) => db.prepare(sql).bind(siteId, day, hourlyFrom, dayStart + DAY_MS);
  // By hour range, on the tables' keys (site, hour, ...): a day's hours are its sessions' hours.
  const clearHours = (table: string) =>
    db
      .prepare(`DELETE FROM ${table} WHERE site_id = ?1 AND hour >= ?2 AND hour < ?3`)
      .bind(siteId, dayStart, dayStart + DAY_MS);
  const prune = (table: string) =>
    db.prepare(`DELETE FROM ${table} WHERE site_id = ?1 AND hour < ?2`).bind(siteId, pruneBefore);
  const bind = (sql: string) => db.prepare(sql).bind(siteId, day);
  const fromSessions = (sql: string) => db.prepare(sql).bind(siteId, day, dayStart, dayStart + DAY_MS);
  const ofDay = "site_id = ?1 AND day = ?2 AND started_at >= ?3 AND started_at < ?4";
  await db.batch([
    bind("DELETE FROM traffic_daily WHERE site_id = ?1 AND day = ?2"),
    fromSessions(
      `INSERT INTO traffic_daily (site_id, day, agent_platform, purpose, tier, source, sub_source, referrer_host, outcome,
         sessions, bounces, duration_ms_total, page_count_total)
       SELECT site_id, day, coalesce(agent_platform, ''), coalesce(purpose, ''), coalesce(tier, ''), source,
         coalesce(sub_source, ''), coalesce(referrer_host, ''), coalesce(outcome, ''),
         count(*), sum(coalesce(bounced, 0)), sum(duration_ms), sum(page_count)
       FROM sessions WHERE ${ofDay}
       GROUP BY 3, 4, 5, 6, 7, 8, 9`,
    ),
    bind("DELETE FROM entry_pages_daily WHERE site_id = ?1 AND day = ?2"),
    fromSessions(
      `INSERT INTO entry_pages_daily (site_id, day, entry_url, source, agent_platform, sessions)
       SELECT site_id, day, entry_url, source, coalesce(agent_platform, ''), count(*)
       FROM sessions WHERE ${ofDay} GROUP BY entry_url, source, coalesce(agent_platform, '')`,
    ),
    bind("DELETE FROM entry_page_totals_daily WHERE site_id = ?1 AND day = ?2"),
    fromSessions(
      `INSERT INTO entry_page_totals_daily (site_id, day, entry_url, sessions, agent_sessions)
       SELECT site_id, day, entry_url, count(*), count(agent_platform)
       FROM sessions WHERE ${ofDay} GROUP BY entry_url`,
    ),
    // The month's running totals per page from this day on (schema/entry-page-running-daily.ts),
    // from the rows just written and the later days' stored ones: the totals to the last
    // day before this one with rows (kept), each later day's counts, and a zero for every
    // later day a page already had a total on, summed in day order. ?3 and ?4 are the
    // month's 1st and 31st (the same string order as any day of the month).
    db
      .prepare("DELETE FROM entry_page_running_daily WHERE site_id = ?1 AND day >= ?2 AND day <= ?3")
      .bind(siteId, day, monthEnd),
    db
      .prepare(
        `INSERT INTO entry_page_running_daily (site_id, day, entry_url, sessions, agent_sessions)
         WITH base AS (
           SELECT entry_url, sessions AS n, agent_sessions AS a FROM entry_page_running_daily
           WHERE site_id = ?1 AND day = (
             SELECT day FROM entry_page_running_daily WHERE site_id = ?1 AND day >= ?3 AND day < ?2
             ORDER BY day DESC LIMIT 1)),
         later AS (
           SELECT day, entry_url, sessions AS n, agent_sessions AS a FROM entry_page_totals_daily
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?4),
         days AS (SELECT DISTINCT day FROM later),
         firsts AS (
           SELECT entry_url, min(first) AS first
           FROM (SELECT entry_url, '' AS first FROM base UNION ALL SELECT entry_url, day FROM later) GROUP BY 1),
         marks AS (
           SELECT '' AS day, entry_url, n, a FROM base
           UNION ALL SELECT day, entry_url, n, a FROM later
           UNION ALL SELECT d.day, f.entry_url, 0, 0 FROM firsts f JOIN days d ON d.day > f.first),
         running AS (
           SELECT day, entry_url, sum(sum(n)) OVER w AS n, sum(sum(a)) OVER w AS a
           FROM marks GROUP BY day, entry_url WINDOW w AS (PARTITION BY entry_url ORDER BY day))
         SELECT ?1, day, entry_url, n, a FROM running WHERE day != ''`,
      )
      .bind(siteId, day, monthStart, monthEnd),
    bind("DELETE FROM agent_durations_daily WHERE site_id = ?1 AND day = ?2"),
    fromSessions(
      `INSERT INTO agent_durations_daily (site_id, day, bucket, sessions)
       SELECT site_id, day, ${DURATION_BUCKET_SQL}, count(*)
       FROM sessions WHERE ${ofDay} AND agent_platform IS NOT NULL GROUP BY 3`,
    ),
    fromSessions(
      `INSERT INTO visitors_daily (site_id, day, visitors, agent_visitors)
       SELECT ?1, ?2, count(DISTINCT visitor_hash),
         count(DISTINCT CASE WHEN agent_platform IS NOT NULL THEN visitor_hash END)
       FROM sessions WHERE ${ofDay}
       ON CONFLICT(site_id, day) DO UPDATE SET visitors = excluded.visitors, agent_visitors = excluded.agent_visitors`,
    ),
    clearHours("traffic_hourly"),
    fromHours(
      `INSERT INTO traffic_hourly (site_id, hour, day, agent_platform, purpose, tier, source, sub_source, referrer_host,
         outcome, sessions)
       SELECT site_id, ${HOUR_OF_START_SQL}, day, coalesce(agent_platform, ''), coalesce(purpose, ''), coalesce(tier, ''),
         source, coalesce(sub_source, ''), coalesce(referrer_host, ''), coalesce(outcome, ''), count(*)
       FROM sessions WHERE ${ofDay}
       GROUP BY 2, 4, 5, 6, 7, 8, 9, 10`,
    ),
    clearHours("entry_pages_hourly"),
    fromHours(
      `INSERT INTO entry_pages_hourly (site_id, hour, day, entry_url, source, agent_platform, sessions)
       SELECT site_id, ${HOUR_OF_START_SQL}, day, entry_url, source, coalesce(agent_platform, ''), count(*)
       FROM sessions WHERE ${ofDay} GROUP BY 2, entry_url, source, coalesce(agent_platform, '')`,
    ),
    clearHours("entry_page_running_hourly"),
    // Each page's sessions from midnight to the end of every hour, from its first hour
    // of the day on (schema/entry-page-running-hourly.ts): the day's counts per page and
    // hour, a zero for each later hour, summed in hour order. Read from the day's start
    // (?3), written from the retention edge (?5).
    db
      .prepare(
        `INSERT INTO entry_page_running_hourly (site_id, hour, entry_url, sessions, agent_sessions)
         WITH per AS (
           SELECT entry_url, ${HOUR_OF_START_SQL} AS hour, count(*) AS n, count(agent_platform) AS a
           FROM sessions WHERE ${ofDay} GROUP BY 1, 2),
         hours (hour) AS (SELECT ?3 UNION ALL SELECT hour + ${HOUR_MS} FROM hours WHERE hour + ${HOUR_MS} < ?4),
         marks AS (
           SELECT entry_url, hour, n, a FROM per
           UNION ALL SELECT f.entry_url, h.hour, 0, 0
           FROM (SELECT entry_url, min(hour) AS first FROM per GROUP BY 1) f JOIN hours h ON h.hour > f.first),
         running AS (
           SELECT entry_url, hour, sum(sum(n)) OVER w AS n, sum(sum(a)) OVER w AS a
           FROM marks GROUP BY entry_url, hour WINDOW w AS (PARTITION BY entry_url ORDER BY hour))
         SELECT ?1, hour, entry_url, n, a FROM running WHERE hour >= ?5`,
      )
      .bind(siteId, day, dayStart, dayStart + DAY_MS, hourlyFrom),
    clearHours("agent_durations_hourly"),
    fromHours(
      `INSERT INTO agent_durations_hourly (site_id, hour, day, bucket, sessions)
       SELECT site_id, ${HOUR_OF_START_SQL}, day, ${DURATION_BUCKET_SQL}, count(*)
       FROM sessions WHERE ${ofDay} AND agent_platform IS NOT NULL GROUP BY 2, 4`,
    ),
    clearHours("visitors_hourly"),
    // Each visitor hash's first and last session start of the day (all sessions, agent
    // sessions), counted by the hour they fall in (schema/visitors-hourly.ts).
    fromHours(
      `INSERT INTO visitors_hourly (site_id, hour, day, first_visitors, last_visitors, agent_first_visitors,
         agent_last_visitors)
       WITH v AS (
         SELECT min(started_at) AS f, max(started_at) AS l,
           min(CASE WHEN agent_platform IS NOT NULL THEN started_at END) AS af,
           max(CASE WHEN agent_platform IS NOT NULL THEN started_at END) AS al
         FROM sessions WHERE ${ofDay} GROUP BY visitor_hash),
       marks (at, fv, lv, afv, alv) AS (
         SELECT f, 1, 0, 0, 0 FROM v UNION ALL SELECT l, 0, 1, 0, 0 FROM v
         UNION ALL SELECT af, 0, 0, 1, 0 FROM v WHERE af IS NOT NULL
         UNION ALL SELECT al, 0, 0, 0, 1 FROM v WHERE al IS NOT NULL)
       SELECT ?1, ${utcHourStartSql("at")}, ?2, sum(fv), sum(lv), sum(afv), sum(alv) FROM marks GROUP BY 2`,
    ),
    prune("traffic_hourly"),
    prune("entry_pages_hourly"),
    prune("entry_page_running_hourly"),
    prune("agent_durations_hourly"),
    prune("visitors_hourly"),
    bind("UPDATE sessions SET dirty = 0 WHERE site_id = ?1 AND day = ?2 AND dirty = 1"),
    bind("DELETE FROM stale_days WHERE site_id = ?1 AND day = ?2"),
  ]);
}
