import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { SiteSchema } from "@shared/sites/site-schema";
import { updateSite } from "@shared/sites/update-site";
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
    summary: "Rename a site or change its coverage",
    description:
      "Sets `name`, `coverage` or both; `coverage_changed_at` moves when the coverage value changes. The domain never changes (register the new one instead).",
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
    const ctx = c.get("ctx");
    const input = { site: c.req.valid("param").site_id, changes: c.req.valid("json") };
    return c.json(siteView(valueOrThrow(await updateSite(ctx, input)), ctx.baseUrl), 200);
  });
}
