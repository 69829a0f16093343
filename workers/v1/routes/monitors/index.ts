import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerCreateMonitor } from "./create";
import { registerDeleteMonitor } from "./delete";
import { registerListDeliveries } from "./deliveries";
import { registerListMonitors } from "./list";

export function registerMonitorRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerListMonitors(app);
  registerCreateMonitor(app);
  registerDeleteMonitor(app);
  registerListDeliveries(app);
}
