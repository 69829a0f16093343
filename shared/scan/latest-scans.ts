import { scans } from "@schema/scans";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** What a list shows of a domain's latest stored scan: no check results to parse. */
export interface LatestScanSummary {
  id: string;
  domain: string;
  overallScore: number;
  /** Epoch ms. */
  lastSeenAt: number;
}

/**
 * The latest stored scan of each of `domains` (normalised), in one read, keyed by
 * domain; a domain never scanned is absent. The same "latest" as `findLatestScan`:
 * greatest `last_seen_at` (index scans_domain_last_seen_idx).
 */
export async function latestScans(db: Database, domains: string[]): Promise<Map<string, LatestScanSummary>> {
  if (domains.length === 0) return new Map();
  // One bound JSON array instead of a placeholder per domain: D1 binds at most 100 values.
  return latestScansByDomain(
    await latestScansQuery(db, sql`${scans.domain} IN (SELECT value FROM json_each(${JSON.stringify(domains)}))`),
  );
}

/**
 * The statement of `latestScans` for the domains `domainIn` selects (a condition on
 * `scans.domain`), for a caller that batches it with the read that lists those domains.
 */
export function latestScansQuery(db: Database, domainIn: SQL) {
  return db
    .select({
      id: scans.id,
      domain: scans.domain,
      overallScore: scans.overallScore,
      // SQLite fills the bare columns of a max() aggregate from the row holding the
      // maximum (https://sqlite.org/lang_select.html#bare_columns_in_an_aggregate_query).
      lastSeenAt: sql<number>`max(${scans.lastSeenAt})`,
    })
    .from(scans)
    .where(domainIn)
    .groupBy(scans.domain);
}

/** `latestScansQuery`'s rows keyed by domain. */
export function latestScansByDomain(rows: LatestScanSummary[]): Map<string, LatestScanSummary> {
  return new Map(rows.map((r) => [r.domain, { ...r, lastSeenAt: Number(r.lastSeenAt) }]));
}
