import type { OpenAPIHono } from "@hono/zod-openapi";
import { cursorKey } from "@shared/cursor/keyset-cursor";
import { newestFirstCursors } from "@shared/cursor/newest-first";
import { database } from "@shared/db/client";
import { valueOrThrow } from "@shared/errors/api-error";
import { listMonitors } from "@shared/monitors/list-monitors";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { monitorView } from "./monitor-view";
import { ListMonitorsQuery, MonitorListSchema } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/monitors",
    operationId: "listMonitors",
    tags: ["Monitors"],
    summary: "List monitors",
    description:
      "Newest first, keyset-paged: pass `next_cursor` back as `cursor` until it is null. Secrets are never listed.",
    request: { query: ListMonitorsQuery },
    responses: {
      200: { description: "A page of monitors", content: { "application/json": { schema: MonitorListSchema } } },
    },
  },
  { scope: "monitors:read", limit: "reads", errors: ["invalid_cursor"] },
);

export function registerListMonitors(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { workspaceId } = c.get("auth");
    const { limit, cursor } = c.req.valid("query");
    const cursors = newestFirstCursors(await cursorKey(c.env), { list: "monitors", workspaceId });
    const page = await listMonitors(database(c.env.DB), workspaceId, limit, valueOrThrow(await cursors.after(cursor)));
    const next = await cursors.next(page.next);
    return c.json({ monitors: page.monitors.map((m) => monitorView(m, Date.now())), next_cursor: next }, 200);
  });
}
