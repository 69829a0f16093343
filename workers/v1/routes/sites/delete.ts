import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { deleteSite } from "@shared/site-deletion/delete-site";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { SiteIdParam } from "./schema";

const route = v1Route(
  {
    method: "delete",
    path: "/api/v1/sites/{site_id}",
    operationId: "deleteSite",
    tags: ["Sites"],
    summary: "Delete a site and its traffic",
    description:
      "Deletes the site, named by its id or its registered domain, and erases its recorded traffic: events, sessions, daily aggregates and archived raw events. Its public token stops being accepted at once and its capacity is freed. Scans, monitors and recorded conversions are kept (they belong to the domain or the workspace). Not reversible; registering the domain again creates a new, empty site with a new token. A missing site answers 404 `site_not_found`.",
    request: { params: SiteIdParam },
    responses: { 204: { description: "Deleted, with its traffic" } },
  },
  { scope: "sites:write", limit: "site_writes", errors: ["site_not_found"] },
);

export function registerDeleteSite(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    valueOrThrow(await deleteSite(c.get("ctx"), { site: c.req.valid("param").site_id }));
    return c.body(null, 204);
  });
}
