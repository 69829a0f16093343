import { type SCAN_RUN_OUTCOMES, scanRuns } from "@schema/scan-runs";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";

// Scan runs: which stream a reconnecting client belongs to (schema/scan-runs.ts). The run
// is written when a scan starts and when it ends; a reconnect reads it and never starts a
// scan of its own (docs/scan.md "Stream consumers").

export type ScanRunOutcome = (typeof SCAN_RUN_OUTCOMES)[number];

export interface ScanRun {
  id: string;
  domain: string;
  startedAt: number;
  finishedAt: number | null;
  outcome: ScanRunOutcome;
  scanId: string | null;
}

/** How long a run may stay `running` before a reconnect stops waiting for it: the crawl's 20 s, the journey's 10 s, checks and storage. */
export const RUN_DEADLINE_MS = 45_000;
/** Runs are kept a day: long past any reconnection (the stream's retry is 10 s). */
export const RUN_RETENTION_MS = 24 * 3600_000;

export async function startRun(db: Database, run: { id: string; domain: string; startedAt: number }): Promise<void> {
  await db.insert(scanRuns).values({ ...run, outcome: "running", finishedAt: null, scanId: null });
}

export async function finishRun(
  db: Database,
  id: string,
  end: { outcome: "complete"; scanId: string } | { outcome: "failed" },
  now: number = Date.now(),
): Promise<void> {
  await db
    .update(scanRuns)
    .set({ outcome: end.outcome, scanId: end.outcome === "complete" ? end.scanId : null, finishedAt: now })
    .where(eq(scanRuns.id, id));
}

export async function findRun(db: Database, id: string): Promise<ScanRun | null> {
  const [row] = await db.select().from(scanRuns).where(eq(scanRuns.id, id)).limit(1);
  return row ?? null;
}

/** Deletes runs started before `now - RUN_RETENTION_MS`; returns how many. */
export async function deleteOldRuns(db: Database, now: number = Date.now()): Promise<number> {
  const gone = await db
    .delete(scanRuns)
    .where(lt(scanRuns.startedAt, now - RUN_RETENTION_MS))
    .returning({ id: scanRuns.id });
  return gone.length;
}
