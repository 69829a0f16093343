import { log } from "@shared/http/log";
import type { CronTable } from "@shared/jobs/cron-jobs";
import { monitorControl } from "@shared/monitors/monitor-control";
import { runNotifications } from "@shared/notifications/run-notifications";
import { unsubscribeKeyOf } from "@shared/notifications/unsubscribe-token";
import type { AppBindings } from "./app-env";
import { workspacePath } from "./workspace-path";

// The app Worker owns the notification schedule: it has the send_email binding, reads
// the shards as the dashboard does, and asks the scan Worker (MONITOR_CONTROL) to send
// alert webhooks. Hourly, off the hour (docs/decisions.md "Notifications"); the
// expression matches workers/app/wrangler.toml [triggers].
export const NOTIFY_CRON = "7 * * * *";

/** One notification run: links point at PUBLIC_BASE_URL, the deployment's public origin. */
export async function notifyJob(env: AppBindings, scheduledTime: number): Promise<void> {
  const base = env.PUBLIC_BASE_URL?.replace(/\/+$/, "");
  // A cron has no request origin, and a mail link must not guess one.
  if (!base) throw new Error("PUBLIC_BASE_URL is not set: notification mail needs absolute links");
  const unsubscribeKey = unsubscribeKeyOf(env);
  if (!unsubscribeKey) throw new Error("UNSUBSCRIBE_KEY is not set: notification mail cannot carry unsubscribe links");
  const control = monitorControl(env);
  const outcome = await runNotifications(
    env,
    {
      page: (workspaceId, path) => `${base}${workspacePath(workspaceId, path)}`,
      unsubscribe: (token) => `${base}/app/unsubscribe/${token}`,
      unsubscribeKey,
      deliverNow: (deliveryId) => control.deliverNow(deliveryId, 1),
    },
    scheduledTime,
  );
  log("info", "notifications", { ...outcome });
}

export const cronTable: CronTable<AppBindings> = {
  [NOTIFY_CRON]: [{ name: "notifications", run: notifyJob }],
};
