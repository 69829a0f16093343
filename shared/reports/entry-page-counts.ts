import { batchRows } from "./batch-rows";
import { ENTRY_URL } from "./dimensions";
import { runningDaysStatement, runningTotalsStatement } from "./entry-page-running";
import type { ReadPlan } from "./read-plan";

/** One entry page's sessions (agents' and people's) and, among them, people's visits. */
export interface EntryPageCount {
  url: string;
  sessions: number;
  visits: number;
}

/**
 * Sessions and people's visits per entry page over an unfiltered plan, both counted by
 * each statement of one batch: the running totals hold `sessions` and `agent_sessions`
 * side by side, and a live range counts its sessions and those without an agent platform
 * in one pass. The sources report lists the top pages of both populations; reading them
 * apart read every page of the window twice (docs/performance/log.md, "Covering again").
 */
export async function entryPageCounts(db: D1Database, siteId: string, plan: ReadPlan): Promise<EntryPageCount[]> {
  const statements: D1PreparedStatement[] = [];
  const days = plan.days && runningDaysStatement(db, siteId, plan.days, "all", [ENTRY_URL], undefined, "humans");
  if (days) statements.push(days);
  const hours = runningTotalsStatement(db, siteId, plan.hours, "all", [ENTRY_URL], undefined, "humans");
  if (hours) statements.push(hours);
  for (const [start, end] of plan.live)
    statements.push(
      db
        .prepare(
          `SELECT entry_url AS k0, count(*) AS n, sum(agent_platform IS NULL) AS n2 FROM sessions
           WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3
           GROUP BY k0`,
        )
        .bind(siteId, start, end),
    );
  const merged = new Map<string, EntryPageCount>();
  for (const rows of await batchRows(db, statements, ["k0", "n", "n2"]))
    for (const [url, n, n2] of rows) {
      const key = String(url ?? "");
      const entry = merged.get(key) ?? { url: key, sessions: 0, visits: 0 };
      entry.sessions += Number(n);
      entry.visits += Number(n2);
      merged.set(key, entry);
    }
  return [...merged.values()];
}
