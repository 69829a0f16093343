import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { listWorkspaceSites } from "@shared/sites/list-sites";
import { SiteListSchema } from "@shared/sites/site-schema";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { ListSitesQuery } from "./schema";
import { siteView } from "./site-view";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/sites",
    operationId: "listSites",
    tags: ["Sites"],
    summary: "List sites",
    description: "Newest first, keyset-paged: pass `next_cursor` back as `cursor` until it is null.",
    request: { query: ListSitesQuery },
    responses: {
      200: { description: "A page of sites", content: { "application/json": { schema: SiteListSchema } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_cursor"] },
);

export function registerListSites(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const ctx = c.get("ctx");
    const page = valueOrThrow(await listWorkspaceSites(ctx, c.req.valid("query")), "query");
    return c.json(
      {
        sites: page.sites.map((s) => siteView(s, ctx.baseUrl)),
        total: page.total,
        capped: page.next_cursor !== null,
        next_cursor: page.next_cursor,
      },
      200,
    );
  });
}
