import { scheduledHandler } from "@shared/jobs/cron-jobs";
import type { MonitorQueueMessage } from "@shared/monitors/queue-messages";
import { buildApp, WORKER } from "./app";
import { cronTable } from "./jobs";
import { handleMonitorQueue } from "./monitors/monitor-queue-handler";

export { RateWindow } from "@shared/rate-limit/rate-window";
export { MonitorControl } from "./monitors/monitor-control";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env, _ctx) => handleMonitorQueue(batch, env),
  scheduled: scheduledHandler(cronTable, WORKER),
} satisfies ExportedHandler<ScanEnv, MonitorQueueMessage>;
