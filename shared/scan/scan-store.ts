import { scans } from "@schema/scans";
import { and, desc, eq, getTableColumns, lt, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { handoffOf } from "./handoff/handoff-readiness";
import { diffScans, type ScanDiff } from "./scan-diff";
import type { LayerScores, ScanResult } from "./scan-result";
import type { CheckResult } from "./types";
import { unreachableOf } from "./unreachable";

export type { ScanResult };

export interface NewScan {
  domain: string;
  resultHash: string;
  scoringVersion: string;
  overallScore: number;
  layerScores: LayerScores;
  checkResults: CheckResult[];
}

/**
 * Stores a result, or merges it into the earlier identical one: a single
 * INSERT ... ON CONFLICT (result_hash) DO UPDATE ... RETURNING, so concurrent identical
 * scans cannot both insert and every repeat counts exactly once.
 */
export async function saveScan(
  db: Database,
  scan: NewScan,
  now: number = Date.now(),
): Promise<{ id: string; seenCount: number }> {
  const [row] = await db
    .insert(scans)
    .values({
      id: crypto.randomUUID(),
      domain: scan.domain,
      resultHash: scan.resultHash,
      scoringVersion: scan.scoringVersion,
      overallScore: scan.overallScore,
      layerScores: JSON.stringify(scan.layerScores),
      checkResults: JSON.stringify(scan.checkResults),
      createdAt: now,
      lastSeenAt: now,
      seenCount: 1,
    })
    .onConflictDoUpdate({
      target: scans.resultHash,
      set: { seenCount: sql`${scans.seenCount} + 1`, lastSeenAt: sql`max(${scans.lastSeenAt}, excluded.last_seen_at)` },
    })
    .returning({ id: scans.id, seenCount: scans.seenCount });
  return row;
}

/** A stored scan by id, with what changed since the domain's previous scan. */
export async function findScan(db: Database, id: string): Promise<ScanResult | null> {
  return withPrevious(db, eq(scans.id, id));
}

/** The result last seen for a normalised domain (index scans_domain_last_seen_idx), or null. */
export async function findLatestScan(db: Database, domain: string): Promise<ScanResult | null> {
  return withPrevious(db, latestScanOf(db, domain));
}

/**
 * The scan `which` names and the domain's previous scan, in one D1 round trip (a batch).
 * Identical results are merged into one row (first and last sighting only), so "previous"
 * is the other result of the domain seen most recently before this one was last seen:
 * its last sighting when that was earlier, else its first (results A, B, A again: each
 * one's previous is the other). The time the diff counts since is that sighting.
 */
async function withPrevious(db: Database, which: SQL): Promise<ScanResult | null> {
  const [rows, previousRows] = await db.batch(scanWithPreviousQueries(db, which));
  return resultWithPrevious(rows, previousRows);
}

/** The two statements of `withPrevious`, for a caller that batches them with its own reads. */
export function scanWithPreviousQueries(db: Database, which: SQL) {
  const x = alias(scans, "x");
  const seenBefore = sql<number>`CASE WHEN ${scans.lastSeenAt} < ${x.lastSeenAt} THEN ${scans.lastSeenAt} ELSE ${scans.createdAt} END`;
  return [
    db.select().from(scans).where(which).limit(1),
    db
      .select({ scan: getTableColumns(scans), seenAt: seenBefore })
      .from(scans)
      .innerJoin(x, and(eq(scans.domain, x.domain), ne(scans.id, x.id), lt(scans.createdAt, x.lastSeenAt)))
      .where(sql`${x.id} IN (SELECT ${scans.id} FROM ${scans} WHERE ${which})`)
      .orderBy(desc(seenBefore))
      .limit(1),
  ] as const;
}

/** The scan of `scanWithPreviousQueries`' answers, with what changed since its previous. */
export function resultWithPrevious(
  rows: (typeof scans.$inferSelect)[],
  previousRows: { scan: typeof scans.$inferSelect; seenAt: number }[],
): ScanResult | null {
  const row = rows[0];
  if (!row) return null;
  const current = toResult(row, null);
  const previous = previousRows[0];
  if (!previous) return current;
  const changes = diffScans({ ...toResult(previous.scan, null), seenAt: Number(previous.seenAt) }, current);
  return { ...current, changes };
}

/** The latest scan of a domain, as `findLatestScan` names it: the SQL for `scanWithPreviousQueries`. */
export function latestScanOf(db: Database, domain: string): SQL {
  const latest = db
    .select({ id: scans.id })
    .from(scans)
    .where(eq(scans.domain, domain))
    .orderBy(desc(scans.lastSeenAt))
    .limit(1);
  return eq(scans.id, sql`(${latest})`);
}

/** One line of a domain's scan history: what the report's "Earlier scans" lists. */
export interface ScanSummary {
  id: string;
  overallScore: number;
  createdAt: number;
  lastSeenAt: number;
  seenCount: number;
}

/** The domain's stored scans, last seen first, without their check results. */
export async function listDomainScans(db: Database, domain: string, limit: number): Promise<ScanSummary[]> {
  return domainScansQuery(db, domain, limit).all();
}

/** The statement of `listDomainScans`, for a caller that batches it. */
export function domainScansQuery(db: Database, domain: string, limit: number) {
  return db
    .select({
      id: scans.id,
      overallScore: scans.overallScore,
      createdAt: scans.createdAt,
      lastSeenAt: scans.lastSeenAt,
      seenCount: scans.seenCount,
    })
    .from(scans)
    .where(eq(scans.domain, domain))
    .orderBy(desc(scans.lastSeenAt))
    .limit(limit);
}

function toResult(row: typeof scans.$inferSelect, changes: ScanDiff | null): ScanResult {
  const checkResults = JSON.parse(row.checkResults) as CheckResult[];
  return {
    id: row.id,
    domain: row.domain,
    overallScore: row.overallScore,
    layerScores: JSON.parse(row.layerScores) as LayerScores,
    checkResults,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    seenCount: row.seenCount,
    scoringVersion: row.scoringVersion,
    unreachable: unreachableOf(row.domain, checkResults),
    handoff: handoffOf(checkResults),
    changes,
  };
}
