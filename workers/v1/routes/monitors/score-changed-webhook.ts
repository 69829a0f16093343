import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { V1AppEnv } from "../../app-env";
import { ScoreChangedSchema } from "./schema";

const SignatureHeaders = z.object({
  "webhook-id": z.string().openapi({
    description: "The delivery's id; the same on every attempt and redelivery. De-duplicate on it.",
    example: "msg_2Yv8Qe1KcW0pZr7LmN4sTbXa",
  }),
  "webhook-timestamp": z.string().openapi({
    description: "Unix time (seconds) of this attempt; reject stale ones to prevent replay.",
    example: "1795340462",
  }),
  "webhook-signature": z.string().openapi({
    description:
      "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the monitor's `whsec_` secret (Standard Webhooks).",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

/**
 * The `score.changed` event in the OpenAPI 3.1 `webhooks` object: what this service
 * POSTs to a monitor's webhook_url (docs/decisions.md#9-monitors-and-webhooks), so generated clients and readers
 * see the payload and the signature headers next to the operations.
 */
export function registerScoreChangedWebhook(app: OpenAPIHono<V1AppEnv>) {
  app.openAPIRegistry.registerWebhook({
    method: "post",
    path: "score.changed",
    operationId: "scoreChanged",
    tags: ["Monitors"],
    summary: "A monitored domain's overall score changed",
    description:
      "POSTed to the monitor's `webhook_url` when a rescan (daily, or asked for with `POST /monitors/{monitor_id}/rescan`) finds a different overall score; also sent, with `test: true`, by `POST /monitors/{monitor_id}/test`. Signed per the Standard Webhooks spec. Answer any 2xx within 10 seconds to acknowledge; otherwise it is retried with exponential backoff for 24 hours. Every attempt is listed in `GET /monitors/{monitor_id}/deliveries`.",
    request: {
      headers: SignatureHeaders,
      body: { required: true, content: { "application/json": { schema: ScoreChangedSchema } } },
    },
    responses: {
      200: { description: "Any 2xx acknowledges the delivery." },
    },
  });
}
