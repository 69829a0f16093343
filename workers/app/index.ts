import { scheduledHandler } from "@shared/jobs/cron-jobs";
import { buildApp } from "./app";
import type { AppBindings } from "./app-env";
import { cronTable } from "./jobs";

// Sign-in and sign-up throttling (workers/app/throttle.ts).
export { RateWindow } from "@shared/rate-limit/rate-window";

const app = buildApp();

export default {
  fetch: app.fetch,
  scheduled: scheduledHandler(cronTable, "app"),
} satisfies ExportedHandler<AppBindings>;
