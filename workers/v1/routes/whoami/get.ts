import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { whoami } from "@shared/reads/whoami";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { WhoamiSchema } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/whoami",
    operationId: "whoami",
    tags: ["Workspace"],
    summary: "Identify the key and its workspace",
    responses: {
      200: { description: "The key's workspace and scopes", content: { "application/json": { schema: WhoamiSchema } } },
    },
  },
  { scope: null, limit: "reads" },
);

export function registerWhoami(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    return c.json(valueOrThrow(await whoami(c.get("ctx"))), 200);
  });
}
