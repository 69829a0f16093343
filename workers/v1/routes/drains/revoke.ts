import type { OpenAPIHono } from "@hono/zod-openapi";
import { removeDrain } from "@shared/drains/drain-actions";
import { DrainSchema } from "@shared/drains/drain-schema";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { DrainIdParam } from "./schema";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/drains/{drain_id}/revoke",
    operationId: "revokeDrain",
    tags: ["Drains"],
    summary: "Revoke a drain",
    description:
      "Its endpoint refuses every batch from now on (401); what it stored stays. Idempotent: revoking again answers the same drain.",
    request: { params: DrainIdParam },
    responses: { 200: { description: "The revoked drain", content: { "application/json": { schema: DrainSchema } } } },
  },
  { scope: "sites:write", limit: "site_writes", errors: ["drain_not_found"] },
);

export function registerRevokeDrain(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    return c.json(valueOrThrow(await removeDrain(c.get("ctx"), { drainId: c.req.valid("param").drain_id })), 200);
  });
}
