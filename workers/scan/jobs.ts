import type { CronTable } from "@shared/jobs/cron-jobs";
import { redriveJob } from "./monitors/redrive-job";
import { rescanJob } from "./monitors/rescan-job";
import { scanRunsJob } from "./scan-runs-job";

// Scan-owned schedules (rescans of monitored domains) register here with the same
// expression as in workers/scan/wrangler.toml.
export const cronTable: CronTable<ScanEnv> = {
  "*/10 * * * *": [rescanJob, redriveJob, scanRunsJob],
};
