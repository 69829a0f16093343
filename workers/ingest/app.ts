import { createApp } from "@shared/http/create-app";
import { mountScheduledRoute } from "@shared/jobs/scheduled-route";
import { cronTable } from "./jobs";
import { mountIngestOpenApi } from "./openapi";
import { registerBeacon } from "./routes/beacon";
import { registerSnippet } from "./routes/snippet";

export const WORKER = "ingest";

export function buildApp() {
  const app = createApp<{ Bindings: IngestEnv }>({ worker: WORKER, errorStyle: "v1" });
  mountScheduledRoute(app, cronTable, WORKER);
  registerSnippet(app);
  registerBeacon(app);
  mountIngestOpenApi(app);
  return app;
}
