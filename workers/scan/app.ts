import { createApp } from "../../shared/http/create-app";
import { mountScheduledRoute } from "../../shared/jobs/scheduled-route";
import { cronTable } from "./jobs";

export const WORKER = "scan";

export function buildApp() {
  const app = createApp<{ Bindings: ScanEnv }>({ worker: WORKER, errorStyle: "scan" });
  mountScheduledRoute(app, cronTable, WORKER);
  return app;
}
