import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { DrainSchema } from "@shared/drains/drain-schema";
import { drainOfWorkspace } from "@shared/drains/drain-store";
import { drainView } from "@shared/drains/drain-view";
import { ApiError } from "@shared/errors/api-error";
import { serviceBaseUrl } from "@shared/sites/snippet";
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
    const { workspaceId } = c.get("auth");
    const { drain_id } = c.req.valid("param");
    const drain = await drainOfWorkspace(database(c.env.DB), workspaceId, drain_id);
    if (!drain) throw new ApiError("drain_not_found");
    return c.json(drainView(drain, serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url)), 200);
  });
}
