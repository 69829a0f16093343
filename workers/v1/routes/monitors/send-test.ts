import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { recordTestDelivery } from "@shared/monitors/test-delivery";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { monitorControl } from "./monitor-control";
import { DeliveryQueuedSchema, MONITOR_BODY_MAX_BYTES, MonitorIdParam } from "./schema";
import { workspaceMonitor } from "./workspace-monitor";

const route = v1Route(
  {
    method: "post",
    path: "/api/v1/monitors/{monitor_id}/test",
    operationId: "testMonitor",
    tags: ["Monitors"],
    summary: "Send a test event",
    description:
      "Sends one signed `score.changed` to the monitor's webhook_url within seconds, marked with `\"test\": true`; old and new score are both the monitor's last score (0 before its first rescan). It is recorded and retried like any delivery, so `GET .../deliveries` shows how the receiver answered. No body is needed.",
    request: { params: MonitorIdParam },
    responses: {
      202: { description: "Test delivery queued", content: { "application/json": { schema: DeliveryQueuedSchema } } },
    },
  },
  {
    scope: "monitors:write",
    limit: "monitor_writes",
    errors: ["monitor_not_found"],
    maxBodyBytes: MONITOR_BODY_MAX_BYTES,
  },
);

export function registerTestMonitor(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { monitor_id } = c.req.valid("param");
    const monitor = await workspaceMonitor(c.env.DB, c.get("auth").workspaceId, monitor_id);
    const baseUrl = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
    const deliveryId = await recordTestDelivery(c.env.DB, monitor, baseUrl, Date.now());
    if (!deliveryId) throw new ApiError("monitor_not_found");
    await monitorControl(c.env).deliverNow(deliveryId, 1);
    return c.json({ monitor_id: monitor.id, delivery_id: deliveryId, attempt: 1 }, 202);
  });
}
