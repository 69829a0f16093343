import type { CronTable } from "../../shared/jobs/cron-jobs";

// Scan-owned schedules (rescans of monitored domains) register here with the same
// expression as in workers/scan/wrangler.toml.
export const cronTable: CronTable<ScanEnv> = {};
