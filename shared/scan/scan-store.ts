import { scans } from "@schema/scans";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
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

export async function findScan(db: Database, id: string): Promise<ScanResult | null> {
  const row = await db.select().from(scans).where(eq(scans.id, id)).get();
  return row ? toResult(row) : null;
}

/** The result last seen for a normalised domain (index scans_domain_last_seen_idx), or null. */
export async function findLatestScan(db: Database, domain: string): Promise<ScanResult | null> {
  const row = await db
    .select()
    .from(scans)
    .where(eq(scans.domain, domain))
    .orderBy(desc(scans.lastSeenAt))
    .limit(1)
    .get();
  return row ? toResult(row) : null;
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
    .limit(limit)
    .all();
}

function toResult(row: typeof scans.$inferSelect): ScanResult {
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
  };
}
