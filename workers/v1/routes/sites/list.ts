import type { OpenAPIHono } from "@hono/zod-openapi";
import { cursorKey } from "@shared/cursor/keyset-cursor";
import { newestFirstCursors } from "@shared/cursor/newest-first";
import { database } from "@shared/db/client";
import { valueOrThrow } from "@shared/errors/api-error";
import { listSites } from "@shared/sites/list-sites";
import { SiteListSchema } from "@shared/sites/site-schema";
import { serviceBaseUrl } from "@shared/sites/snippet";
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
    const { workspaceId } = c.get("auth");
    const { limit, cursor } = c.req.valid("query");
    const cursors = newestFirstCursors(await cursorKey(c.env), { list: "sites", workspaceId });
    const page = await listSites(database(c.env.DB), workspaceId, limit, valueOrThrow(await cursors.after(cursor)));
    const baseUrl = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
    const next = await cursors.next(page.next);
    return c.json(
      {
        sites: page.sites.map((s) => siteView(s, baseUrl)),
        total: page.total,
        capped: next !== null,
        next_cursor: next,
      },
      200,
    );
  });
}
