import type { CronJob } from "@shared/jobs/cron-jobs";
import { claimOverdueDeliveries } from "@shared/monitors/overdue-deliveries";
import type { DeliveryMessage } from "@shared/monitors/queue-messages";

/** Cron job: re-enqueues webhook attempts whose queue message was lost, so no delivery stays pending forever. */
export const redriveJob: CronJob<ScanEnv> = {
  name: "webhook-redrive",
  run: async (env, scheduledTime) => {
    const redrives = await claimOverdueDeliveries(env.DB, scheduledTime);
    if (redrives.length === 0) return;
    await env.WEBHOOKS.sendBatch(
      redrives.map((r) => ({
        body: { kind: "deliver", deliveryId: r.deliveryId, attempt: r.attempt } satisfies DeliveryMessage,
      })),
    );
  },
};
