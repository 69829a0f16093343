import { monitors, sites } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  domainScansQuery,
  latestScanOf,
  resultWithPrevious,
  type ScanResult,
  type ScanSummary,
  scanWithPreviousQueries,
} from "./scan-store";

export interface WorkspaceDomainReport {
  /** Whether the domain is one of the workspace's sites or monitors (shared/reads/workspace-scan-domains.ts). */
  allowed: boolean;
  latest: ScanResult | null;
  history: ScanSummary[];
}

/**
 * Everything the in-app report of a domain reads, in one D1 round trip (one batch):
 * the workspace check, the latest scan with its previous (for `changes`) and the
 * domain's history. bench:app: the page waited on three D1 calls here where its public
 * JSON twin waits on one. Scans are public, so reading them before the check shows
 * nothing; the caller renders only when `allowed`.
 */
export async function workspaceDomainReport(
  db: Database,
  workspaceId: string,
  domain: string,
  historyLimit: number,
): Promise<WorkspaceDomainReport> {
  const one = { one: sql<number>`1` };
  const [site, monitor, rows, previousRows, history] = await db.batch([
    db
      .select(one)
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), eq(sites.domain, domain)))
      .limit(1),
    db
      .select(one)
      .from(monitors)
      .where(and(eq(monitors.workspaceId, workspaceId), eq(monitors.domain, domain)))
      .limit(1),
    ...scanWithPreviousQueries(db, latestScanOf(db, domain)),
    domainScansQuery(db, domain, historyLimit),
  ]);
  return {
    allowed: site.length > 0 || monitor.length > 0,
    latest: resultWithPrevious(rows, previousRows),
    history,
  };
}
