import { createApp } from "@shared/http/create-app";
import { mountScheduledRoute } from "@shared/jobs/scheduled-route";
import { cronTable } from "./jobs";
import { mountIngestOpenApi } from "./openapi";
import { registerBeacon } from "./routes/beacon";
import { beaconRoute } from "./routes/beacon-route";
import { registerDrainRoutes } from "./routes/drain";
import { registerSnippet } from "./routes/snippet";

export const WORKER = "ingest";

export function buildApp() {
  // Accepted beacons get no access-log line of their own (shared/http/access-log.ts).
  const app = createApp<{ Bindings: IngestEnv }>({
    worker: WORKER,
    errorStyle: "v1",
    quietSuccessPaths: [beaconRoute.path],
  });
  mountScheduledRoute(app, cronTable, WORKER);
  registerSnippet(app);
  registerBeacon(app);
  registerDrainRoutes(app);
  mountIngestOpenApi(app);
  return app;
}
