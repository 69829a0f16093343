import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerCheckInstall } from "./check-install";

export function registerInstallRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerCheckInstall(app);
}
