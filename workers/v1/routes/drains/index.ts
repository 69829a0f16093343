import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerCreateDrain } from "./create";
import { registerGetDrain } from "./get";
import { registerListDrains } from "./list";
import { registerRevokeDrain } from "./revoke";

export function registerDrainRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerListDrains(app);
  registerCreateDrain(app);
  registerGetDrain(app);
  registerRevokeDrain(app);
}
