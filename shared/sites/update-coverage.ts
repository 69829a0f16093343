import { sites } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Coverage } from "./site-limits";
import type { SiteRecord } from "./site-row";

/**
 * Sets a site's coverage (docs/decisions.md#5-traffic-reports) in one statement. coverage_changed_at moves
 * only when the value actually changes (SQLite evaluates SET against the old row), so
 * it keeps meaning "since when the numbers describe this coverage". Null when the site
 * is not in the workspace.
 */
export async function updateCoverage(
  db: Database,
  workspaceId: string,
  siteId: string,
  coverage: Coverage,
  now = Date.now(),
): Promise<SiteRecord | null> {
  const [row] = await db
    .update(sites)
    .set({
      coverageChangedAt: sql`CASE WHEN ${sites.coverage} <> ${coverage} THEN ${now} ELSE ${sites.coverageChangedAt} END`,
      coverage,
    })
    .where(and(eq(sites.id, siteId), eq(sites.workspaceId, workspaceId)))
    .returning();
  return row ?? null;
}
