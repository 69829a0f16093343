import { createApp } from "../../shared/http/create-app";
import { mountScheduledRoute } from "../../shared/jobs/scheduled-route";
import { cronTable } from "./jobs";

export const WORKER = "ingest";

export function buildApp() {
  const app = createApp<{ Bindings: IngestEnv }>({ worker: WORKER, errorStyle: "v1" });
  mountScheduledRoute(app, cronTable, WORKER);
  return app;
}
