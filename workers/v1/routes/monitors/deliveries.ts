import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { monitorDeliveries } from "@shared/reads/monitor-lists";
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
    const input = { monitorId: c.req.valid("param").monitor_id, ...c.req.valid("query") };
    const page = valueOrThrow(await monitorDeliveries(c.get("ctx"), input), "query");
    return c.json({ deliveries: page.deliveries.map(deliveryView), next_cursor: page.next_cursor }, 200);
  });
}
