import type { OpenAPIHono } from "@hono/zod-openapi";
import { siteDrains } from "@shared/drains/drain-actions";
import { DrainListSchema } from "@shared/drains/drain-schema";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { SiteIdParam } from "../sites/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites/{site_id}/drains",
    operationId: "listDrains",
    tags: ["Drains"],
    summary: "List a site's log drains with their status",
    description:
      "Newest first, revoked ones included (`revoked_at`). Each drain's `status` is its install check: the last batch received, what it stored and rejected, and why. Secrets are never listed.",
    request: { params: SiteIdParam },
    responses: {
      200: { description: "The site's drains", content: { "application/json": { schema: DrainListSchema } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["site_not_found"] },
);

export function registerListDrains(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    return c.json(valueOrThrow(await siteDrains(c.get("ctx"), { siteId: c.req.valid("param").site_id })), 200);
  });
}
