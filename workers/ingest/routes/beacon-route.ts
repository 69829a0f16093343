import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "@shared/errors/openapi-responses";
import { beaconPayload } from "@shared/ingest/beacon-payload";

/** What a beacon gets back: accepted, or dropped by a pipeline step with its reason (docs/ingest.md). */
const BeaconAnswer = z
  .union([
    z.object({ accepted: z.literal(true) }),
    z.object({
      accepted: z.literal(false),
      reason: z.string().openapi({ description: "The pipeline step's drop reason.", example: "foreign_host" }),
    }),
  ])
  .openapi("BeaconAnswer");

/**
 * POST /ingest/e, declared for the ingest OpenAPI document (/ingest/openapi.json). The
 * body is documented as `text/plain`, which is what `navigator.sendBeacon` sends (no
 * CORS preflight); the handler parses it itself whatever the Content-Type, so the
 * declaration adds no validator of its own.
 */
export const beaconRoute = createRoute({
  method: "post",
  path: "/ingest/e",
  operationId: "sendBeacon",
  tags: ["Ingest"],
  summary: "Send one beacon from the snippet",
  description:
    'One event from the storage-free snippet, as JSON with short keys (docs/ingest.md "Beacon protocol"). Accepted only from the registered site\'s Origin (`https://DOMAIN` or `https://www.DOMAIN`); an unknown token and a wrong Origin get the same answer. Bodies over 4096 bytes are refused before they are read. Past the limits per site token and per client network (/24 or /64), beacons get 429 `rate_limited` with `Retry-After`.',
  request: {
    body: { content: { "text/plain": { schema: beaconPayload } }, required: true },
  },
  responses: {
    202: {
      description: "Accepted, or dropped with a reason",
      content: { "application/json": { schema: BeaconAnswer } },
    },
    ...errorResponses("invalid_request", "origin_not_allowed", "payload_too_large", "rate_limited"),
  },
});
