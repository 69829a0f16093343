import { chunk } from "@shared/batching/chunk";
import type { CronJob } from "@shared/jobs/cron-jobs";
import { claimDueRescans } from "@shared/monitors/claim-due-rescans";
import type { RescanMessage } from "@shared/monitors/queue-messages";
import { MAX_SEND_BATCH } from "./monitor-queues";

/** Cron job: hands each monitored domain whose daily slot has come to the rescan queue. */
export const rescanJob: CronJob<ScanEnv> = {
  name: "monitor-rescans",
  run: async (env, scheduledTime) => {
    const domains = await claimDueRescans(env.DB, scheduledTime);
    for (const part of chunk(domains, MAX_SEND_BATCH)) {
      await env.RESCANS.sendBatch(
        part.map((domain) => ({ body: { kind: "rescan", domain, claimedAt: scheduledTime } satisfies RescanMessage })),
      );
    }
  },
};
