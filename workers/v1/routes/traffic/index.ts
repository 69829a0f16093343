import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerFailingSessions } from "./failing-sessions";
import { registerTrafficOverview } from "./overview";
import { registerPurposeSplit } from "./purpose-split";
import { registerSessionJourney } from "./session-journey";
import { registerSessions } from "./sessions";
import { registerTrafficSources } from "./sources";
import { registerVerification } from "./verification";

export function registerTrafficRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerTrafficOverview(app);
  registerPurposeSplit(app);
  registerTrafficSources(app);
  registerVerification(app);
  registerFailingSessions(app);
  registerSessions(app);
  registerSessionJourney(app);
}
