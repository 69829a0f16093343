import type { OpenAPIHono } from "@hono/zod-openapi";
import { getDrain } from "@shared/drains/drain-actions";
import { DrainSchema } from "@shared/drains/drain-schema";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { DrainIdParam } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/drains/{drain_id}",
    operationId: "getDrain",
    tags: ["Drains"],
    summary: "A drain and its status",
    description:
      "The drain's install check: the last batch received, what it stored and rejected and why, the newest refusal.",
    request: { params: DrainIdParam },
    responses: { 200: { description: "The drain", content: { "application/json": { schema: DrainSchema } } } },
  },
  { scope: "traffic:read", limit: "reads", errors: ["drain_not_found"] },
);

export function registerGetDrain(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { view } = valueOrThrow(await getDrain(c.get("ctx"), { drainId: c.req.valid("param").drain_id }));
    return c.json(view, 200);
  });
}
