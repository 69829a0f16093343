import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "@shared/db/client";
import { ApiError } from "@shared/errors/api-error";
import { SiteSchema } from "@shared/sites/site-schema";
import { serviceBaseUrl } from "@shared/sites/snippet";
import { updateCoverage } from "@shared/sites/update-coverage";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { SITE_BODY_MAX_BYTES, SiteIdParam, UpdateSiteBody } from "./schema";
import { siteView } from "./site-view";

const route = v1Route(
  {
    method: "patch",
    path: "/api/v1/sites/{site_id}",
    operationId: "updateSite",
    tags: ["Sites"],
    summary: "Change a site's coverage",
    description: "Sets `coverage`; `coverage_changed_at` moves when the value changes.",
    request: {
      params: SiteIdParam,
      body: { required: true, content: { "application/json": { schema: UpdateSiteBody } } },
    },
    responses: {
      200: { description: "The updated site", content: { "application/json": { schema: SiteSchema } } },
    },
  },
  { scope: "sites:write", limit: "site_writes", errors: ["site_not_found"], maxBodyBytes: SITE_BODY_MAX_BYTES },
);

export function registerUpdateSite(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { workspaceId } = c.get("auth");
    const { site_id } = c.req.valid("param");
    const { coverage } = c.req.valid("json");
    const site = await updateCoverage(database(c.env.DB), workspaceId, site_id, coverage);
    // Another workspace's site answers exactly like a missing one (docs/decisions.md#2-v1-errors).
    if (!site) throw new ApiError("site_not_found", "No site with that id in this workspace");
    return c.json(siteView(site, serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url)), 200);
  });
}
