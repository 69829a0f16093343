import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { redeliver } from "@shared/monitors/monitor-actions";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { DeliveryParams, DeliveryQueuedSchema, MONITOR_BODY_MAX_BYTES } from "./schema";

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
    const { monitor_id, delivery_id } = c.req.valid("param");
    const { attempt } = valueOrThrow(await redeliver(c.get("ctx"), { monitorId: monitor_id, deliveryId: delivery_id }));
    return c.json({ monitor_id, delivery_id, attempt }, 202);
  });
}
