import type { Population } from "./grouped-sessions";
import { mergeRanges, type ReadPlan } from "./read-plan";

/**
 * Unique visitors of the window: the SUM over UTC days of each day's distinct visitor
 * hashes among the sessions that started in the window that day. Visitor hashes are
 * daily (the salt rotates at 00:00 UTC, docs/privacy.md), so one person seen on three
 * days counts three times: the hashes of different days cannot be joined, by design.
 * Aggregate days read visitors_daily; the rest counts distinct hashes per day in
 * `sessions`, the plan's aggregate hours included: distinct counts of hours cannot be
 * added up. The ranges merged cover distinct days (they are the window less its whole
 * current days), so no day's hashes are split between two reads.
 */
export async function uniqueVisitors(
  db: D1Database,
  siteId: string,
  plan: ReadPlan,
  population: Population,
): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  if (plan.days) {
    const column = population === "agents" ? "agent_visitors" : "visitors";
    statements.push(
      db
        .prepare(
          `SELECT coalesce(sum(${column}), 0) AS n FROM visitors_daily
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?3 AND day NOT IN (SELECT value FROM json_each(?4))`,
        )
        .bind(siteId, plan.days.from, plan.days.to, JSON.stringify(plan.days.exclude)),
    );
  }
  const filter = population === "agents" ? "AND agent_platform IS NOT NULL" : "";
  for (const [start, end] of mergeRanges([...plan.live, ...plan.hours])) {
    statements.push(
      db
        .prepare(
          `SELECT count(DISTINCT visitor_hash) AS n FROM sessions
           WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 ${filter} GROUP BY day`,
        )
        .bind(siteId, start, end),
    );
  }
  if (statements.length === 0) return 0;
  const results = await db.batch<{ n: number }>(statements);
  return results.reduce((sum, r) => sum + r.results.reduce((s, row) => s + Number(row.n), 0), 0);
}
