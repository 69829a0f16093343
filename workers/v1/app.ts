import { createApp } from "@shared/http/create-app";
import { mountScheduledRoute } from "@shared/jobs/scheduled-route";
import { cronTable } from "./jobs";
import { mountMcp } from "./mcp/mount-mcp";
import { mountOpenApi } from "./openapi";
import { registerAdminKeyRoutes } from "./routes/admin/keys";
import { registerMigrateAnalytics } from "./routes/admin/migrate-analytics";
import { registerAgentReportRoutes } from "./routes/agent-reports";
import { registerAttributionRoutes } from "./routes/attribution";
import { registerConversionRoutes } from "./routes/conversions";
import { registerDrainRoutes } from "./routes/drains";
import { registerEventRoutes } from "./routes/events";
import { registerInstallRoutes } from "./routes/install";
import { registerMonitorRoutes } from "./routes/monitors";
import { registerPolicyRoutes } from "./routes/policy";
import { registerSiteRoutes } from "./routes/sites";
import { registerTrafficRoutes } from "./routes/traffic";
import { registerWhoamiRoutes } from "./routes/whoami";

export const WORKER = "v1";

export function buildApp() {
  const app = createApp<{ Bindings: V1Env }>({ worker: WORKER, errorStyle: "v1" });
  mountScheduledRoute(app, cronTable, WORKER);
  registerAdminKeyRoutes(app);
  registerMigrateAnalytics(app);
  registerWhoamiRoutes(app);
  registerInstallRoutes(app);
  registerSiteRoutes(app);
  registerConversionRoutes(app);
  registerEventRoutes(app);
  registerAttributionRoutes(app);
  registerTrafficRoutes(app);
  registerAgentReportRoutes(app);
  registerMonitorRoutes(app);
  registerDrainRoutes(app);
  registerPolicyRoutes(app);
  mountOpenApi(app);
  mountMcp(app);
  return app;
}
