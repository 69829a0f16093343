import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { workspaceMonitors } from "@shared/reads/monitor-lists";
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
    const ctx = c.get("ctx");
    const page = valueOrThrow(await workspaceMonitors(ctx, c.req.valid("query")), "query");
    return c.json(
      { monitors: page.monitors.map((m) => monitorView(m, ctx.nowMs)), next_cursor: page.next_cursor },
      200,
    );
  });
}
