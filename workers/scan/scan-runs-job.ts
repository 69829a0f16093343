import { database } from "@shared/db/client";
import type { CronJob } from "@shared/jobs/cron-jobs";
import { deleteOldRuns } from "@shared/scan/scan-runs";

/** Cron job: scan runs older than a day are past any reconnection; they go (schema/scan-runs.ts). */
export const scanRunsJob: CronJob<ScanEnv> = {
  name: "scan-runs-retention",
  run: async (env, scheduledTime) => {
    await deleteOldRuns(database(env.DB), scheduledTime);
  },
};
