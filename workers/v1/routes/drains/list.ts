import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { DrainListSchema } from "@shared/drains/drain-schema";
import { listDrains, siteInWorkspace } from "@shared/drains/drain-store";
import { drainView } from "@shared/drains/drain-view";
import { ApiError } from "@shared/errors/api-error";
import { serviceBaseUrl } from "@shared/sites/snippet";
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
    const { workspaceId } = c.get("auth");
    const { site_id } = c.req.valid("param");
    const db = database(c.env.DB);
    if (!(await siteInWorkspace(db, workspaceId, site_id)))
      throw new ApiError("site_not_found", "No site with that id in this workspace");
    const base = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
    return c.json({ drains: (await listDrains(db, workspaceId, site_id)).map((d) => drainView(d, base)) }, 200);
  });
}
