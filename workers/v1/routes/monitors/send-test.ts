import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { sendTestEvent } from "@shared/monitors/monitor-actions";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { DeliveryQueuedSchema, MONITOR_BODY_MAX_BYTES, MonitorIdParam } from "./schema";

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
    const queued = valueOrThrow(await sendTestEvent(c.get("ctx"), { monitorId: monitor_id }));
    return c.json({ monitor_id: queued.monitor.id, delivery_id: queued.deliveryId, attempt: queued.attempt }, 202);
  });
}
