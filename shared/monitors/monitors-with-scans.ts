import { scans } from "@schema/scans";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { type LatestScanSummary, latestScansByDomain, latestScansQuery } from "../scan/latest-scans";
import { firstPageDomains, type MonitorPage, monitorPageOf, monitorPageQuery } from "./list-monitors";

/**
 * The first page of a workspace's monitors and the latest scan of each listed domain, in
 * one D1 round trip (a batch): the Monitors page's whole read. Listing the monitors and
 * then asking for their domains' scans was two waits in a row where GET /api/v1/monitors
 * waits on one (docs/performance/log.md, bench:app). The scans are selected by the same
 * first page as a subquery, so both statements see the same monitors.
 */
export async function monitorsWithLatestScans(
  db: Database,
  workspaceId: string,
  limit: number,
): Promise<{ page: MonitorPage; scans: Map<string, LatestScanSummary> }> {
  const [rows, scanRows] = await db.batch([
    monitorPageQuery(db, workspaceId, limit, null),
    latestScansQuery(db, inArray(scans.domain, firstPageDomains(db, workspaceId, limit))),
  ]);
  return { page: monitorPageOf(rows, limit), scans: latestScansByDomain(scanRows) };
}
