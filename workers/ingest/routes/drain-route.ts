import { createRoute, z } from "@hono/zod-openapi";
import { drainBatchResult } from "@shared/drains/accept-drain-batch";
import { MAX_BODY_BYTES } from "@shared/drains/read-batch";
import { errorResponses } from "@shared/errors/openapi-responses";

const DrainParams = z.object({
  drain_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "drain_id", in: "path" }, example: "drn_4Jx0Kq8WmT2rYb7nLc1P" }),
});

/**
 * POST /ingest/drains/{drain_id}, declared for the ingest OpenAPI document. The body is
 * read by the handler as a stream (gzip or not), so the declaration adds no validator.
 */
export const drainRoute = createRoute({
  method: "post",
  path: "/ingest/drains/{drain_id}",
  operationId: "sendDrainBatch",
  tags: ["Ingest"],
  summary: "Deliver a batch of log lines to a drain",
  description: `One batch from a log drain (docs/integrations/): Cloudflare Logpush (\`http_requests\`, NDJSON, gzip), Vercel (JSON array or NDJSON, \`x-vercel-signature\`), or generic NDJSON in the record shape of \`POST /api/v1/events\`. Bearer drains authenticate with \`Authorization: Bearer <drain secret>\`; Vercel drains with the signature. At most ${MAX_BODY_BYTES} bytes as sent. Each line gets a result: accepted (stored once, however often the batch is delivered), skipped (nothing to store, with the reason) or rejected (with the line number and why).`,
  request: {
    params: DrainParams,
    headers: z.object({
      "x-log-import": z.enum(["1"]).optional().openapi({
        description:
          'Sent by `npm run import-logs`: the batch is an imported log, so lines older than 48 h (up to 90 days) are counted under a salt of their own past day (docs/privacy.md "Imported days") instead of refused `stale_timestamp`; lines older than 90 days are refused `too_old`.',
        example: "1",
      }),
    }),
    body: {
      content: { "application/x-ndjson": { schema: z.string().openapi({ format: "binary" }) } },
      required: true,
    },
  },
  responses: {
    200: {
      description: "The batch was read; per-line results",
      content: { "application/json": { schema: drainBatchResult } },
    },
    ...errorResponses("invalid_request", "invalid_drain_secret", "invalid_signature", "payload_too_large"),
  },
});

/** GET /ingest/drains/{drain_id}: Vercel's endpoint check reads `x-vercel-verify` from the answer. */
export const drainCheckRoute = createRoute({
  method: "get",
  path: "/ingest/drains/{drain_id}",
  operationId: "checkDrainEndpoint",
  tags: ["Ingest"],
  summary: "Answer a drain endpoint check",
  description:
    "Answers 200 with `x-vercel-verify` set to the Vercel drain's verification value (given when the drain was created), which Vercel reads to confirm the endpoint is yours. Reveals nothing else.",
  request: { params: DrainParams },
  responses: {
    200: {
      description: "The endpoint exists",
      content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});
