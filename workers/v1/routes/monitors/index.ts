import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerCreateMonitor } from "./create";
import { registerDeleteMonitor } from "./delete";
import { registerListDeliveries } from "./deliveries";
import { registerGetMonitor } from "./get";
import { registerListMonitors } from "./list";
import { registerRedeliver } from "./redeliver";
import { registerRescanMonitor } from "./rescan";
import { registerScoreChangedWebhook } from "./score-changed-webhook";
import { registerTestMonitor } from "./send-test";

export function registerMonitorRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerListMonitors(app);
  registerCreateMonitor(app);
  registerGetMonitor(app);
  registerDeleteMonitor(app);
  registerListDeliveries(app);
  registerRescanMonitor(app);
  registerTestMonitor(app);
  registerRedeliver(app);
  registerScoreChangedWebhook(app);
}
