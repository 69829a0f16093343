import { createApp } from "@shared/http/create-app";
import { mountScheduledRoute } from "@shared/jobs/scheduled-route";
import type { ScanAppEnv } from "./app-env";
import { cronTable } from "./jobs";
import { mountScanOpenApi } from "./openapi";
import { registerAgentProfile } from "./routes/agent-profile";
import { registerBadge } from "./routes/badge";
import { registerPage } from "./routes/page";
import { registerReport } from "./routes/report";
import { registerScanCreate } from "./routes/scan-create";
import { registerScanGet } from "./routes/scan-get";

export const WORKER = "scan";

export function buildApp() {
  const app = createApp<ScanAppEnv>({ worker: WORKER, errorStyle: "scan" });
  // The shared route is typed for apps without variables; the scan app adds requestId.
  mountScheduledRoute<ScanEnv>(app as never, cronTable, WORKER);
  registerPage(app);
  // Before GET /api/scan/:id, which would otherwise take "openapi.json" for an id.
  mountScanOpenApi(app);
  // Before /api/scan/:id, which would take "agent-profile.json" for an id.
  registerAgentProfile(app);
  registerScanCreate(app);
  registerScanGet(app);
  registerReport(app);
  registerBadge(app);
  return app;
}
