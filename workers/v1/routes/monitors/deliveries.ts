import type { OpenAPIHono } from "@hono/zod-openapi";
import { cursorKey } from "@shared/cursor/keyset-cursor";
import { newestFirstCursors } from "@shared/cursor/newest-first";
import { database } from "@shared/db/client";
import { valueOrThrow } from "@shared/errors/api-error";
import { listDeliveries } from "@shared/monitors/list-deliveries";
import { findWorkspaceMonitor } from "@shared/monitors/list-monitors";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { deliveryView } from "./monitor-view";
import { DeliveryListSchema, ListDeliveriesQuery, MonitorIdParam } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/monitors/{monitor_id}/deliveries",
    operationId: "listMonitorDeliveries",
    tags: ["Monitors"],
    summary: "List a monitor's webhook deliveries",
    description:
      "Newest first, each with its payload and every attempt (status, duration, error). Keyset-paged like the other lists.",
    request: { params: MonitorIdParam, query: ListDeliveriesQuery },
    responses: {
      200: { description: "A page of deliveries", content: { "application/json": { schema: DeliveryListSchema } } },
    },
  },
  { scope: "monitors:read", limit: "reads", errors: ["monitor_not_found", "invalid_cursor"] },
);

export function registerListDeliveries(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { workspaceId } = c.get("auth");
    const { monitor_id } = c.req.valid("param");
    const { limit, cursor } = c.req.valid("query");
    const db = database(c.env.DB);
    valueOrThrow(await findWorkspaceMonitor(c.env.DB, workspaceId, monitor_id));
    // Bound to the monitor too, so a cursor of one monitor's list is refused on another's.
    const cursors = newestFirstCursors(await cursorKey(c.env), { list: `deliveries:${monitor_id}`, workspaceId });
    const page = await listDeliveries(db, monitor_id, limit, valueOrThrow(await cursors.after(cursor)));
    return c.json({ deliveries: page.deliveries.map(deliveryView), next_cursor: await cursors.next(page.next) }, 200);
  });
}
