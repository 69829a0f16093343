import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { reopenDelivery } from "@shared/monitors/redeliver";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { monitorControl } from "./monitor-control";
import { DeliveryParams, DeliveryQueuedSchema, MONITOR_BODY_MAX_BYTES } from "./schema";
import { workspaceMonitor } from "./workspace-monitor";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/monitors/{monitor_id}/deliveries/{delivery_id}/redeliver",
    operationId: "redeliverMonitorDelivery",
    tags: ["Monitors"],
    summary: "Send a delivery again",
    description:
      "Makes one more attempt of a recorded delivery now, whatever its status: the same body and the same `webhook-id` (receivers de-duplicate on it), signed with a fresh `webhook-timestamp`. Further retries follow only while the delivery's 24-hour retry window is open. No body is needed.",
    request: { params: DeliveryParams },
    responses: {
      202: { description: "Attempt queued", content: { "application/json": { schema: DeliveryQueuedSchema } } },
    },
  },
  {
    scope: "monitors:write",
    limit: "monitor_writes",
    errors: ["monitor_not_found", "delivery_not_found"],
    maxBodyBytes: MONITOR_BODY_MAX_BYTES,
  },
);

export function registerRedeliver(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { workspaceId } = c.get("auth");
    const { monitor_id, delivery_id } = c.req.valid("param");
    await workspaceMonitor(c.env.DB, workspaceId, monitor_id);
    const attempt = await reopenDelivery(c.env.DB, workspaceId, monitor_id, delivery_id, Date.now());
    if (attempt === null) throw new ApiError("delivery_not_found");
    await monitorControl(c.env).deliverNow(delivery_id, attempt);
    return c.json({ monitor_id, delivery_id, attempt }, 202);
  });
}
