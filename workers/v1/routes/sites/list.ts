import type { OpenAPIHono } from "@hono/zod-openapi";
import { cursorKey, INVALID_CURSOR_MESSAGE } from "@shared/cursor/keyset-cursor";
import { keysetPager } from "@shared/cursor/keyset-pager";
import { database } from "@shared/db/client";
import { ApiError } from "@shared/errors/api-error";
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

/** Keyset position of the sites list: (created_at, id) of the previous page's last site. */
const POSITION = ["integer", "string"] as const;

export function registerListSites(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { workspaceId } = c.get("auth");
    const { limit, cursor } = c.req.valid("query");
    const pager = keysetPager(await cursorKey(c.env), { list: "sites", workspaceId }, POSITION);
    const position = cursor === undefined ? undefined : await pager.read(cursor);
    if (position === null) throw new ApiError("invalid_cursor", INVALID_CURSOR_MESSAGE);
    const after = position ? { createdAt: position[0], id: position[1] } : null;
    const page = await listSites(database(c.env.DB), workspaceId, limit, after);
    const baseUrl = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
    const next = page.next ? await pager.write([page.next.createdAt, page.next.id]) : null;
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
