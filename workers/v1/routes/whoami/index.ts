import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerWhoami } from "./get";

export function registerWhoamiRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerWhoami(app);
}
