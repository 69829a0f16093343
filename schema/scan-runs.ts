import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** How a scan run ended; `running` until it does (shared/scan/scan-runs.ts). */
export const SCAN_RUN_OUTCOMES = ["running", "complete", "failed"] as const;

// One row per scan run: the stream a POST /api/scan (or an EventSource GET) started. A
// client that reconnects with `Last-Event-ID` names its run, and the run says whether to
// resume (still running), replay (complete: `scan_id`) or end (failed); nothing here
// starts or counts a new scan (docs/scan.md "Stream consumers"). No client data is kept.
// Rows older than a day are deleted by the scan Worker's cron.
export const scanRuns = sqliteTable(
  "scan_runs",
  {
    id: text("id").primaryKey(),
    /** Normalised host (docs/decisions.md#4-domains). */
    domain: text("domain").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    outcome: text("outcome", { enum: SCAN_RUN_OUTCOMES }).notNull(),
    /** The stored result (scans.id) a complete run produced, else null. */
    scanId: text("scan_id"),
  },
  (t) => [index("scan_runs_started_idx").on(t.startedAt)],
);
