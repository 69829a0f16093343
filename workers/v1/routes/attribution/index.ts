import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerConversionChannels } from "./channels";
import { registerAttributionOverview } from "./overview";

export function registerAttributionRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerAttributionOverview(app);
  registerConversionChannels(app);
}
