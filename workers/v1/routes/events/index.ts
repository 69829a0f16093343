import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerRecordServerEvents } from "./record";

export function registerEventRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerRecordServerEvents(app);
}
