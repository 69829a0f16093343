import type { OpenAPIHono } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { registerListConversions } from "./list";
import { registerRecordConversions } from "./record";
import { registerVoidConversion } from "./void";

export function registerConversionRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerRecordConversions(app);
  registerListConversions(app);
  registerVoidConversion(app);
}
