import { z } from "@hono/zod-openapi";
import { AgenticOrderInput } from "@shared/agentic/order-input";
import { PolicyMarkInput } from "@shared/ingest/policy-mark";
import { MAX_SERVER_EVENTS } from "@shared/ingest/server-event-schema";

/** A 500-record batch of typical log lines stays well under this. */
export const EVENTS_MAX_BODY_BYTES = 1024 * 1024;

export const ServerEventInput = z
  .object({
    timestamp: z.union([z.string(), z.number().int()]).openapi({
      description: "When the request was served: RFC 3339, or Unix epoch milliseconds. Within the last 48 hours.",
      example: "2026-11-21T10:04:00Z",
    }),
    domain: z.string().openapi({
      description: "Host the request was made to; a site of the caller's workspace.",
      example: "shop.example.com",
    }),
    path: z
      .string()
      .openapi({ description: "Request path and query, starting with `/`.", example: "/products/blue-mug" }),
    method: z.string().openapi({ description: "HTTP method.", example: "GET" }),
    status: z.number().int().openapi({ description: "HTTP status the site answered.", example: 200 }),
    user_agent: z.string().nullable().optional().openapi({
      description: "User-Agent header as received.",
      example:
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    }),
    ip: z.string().nullable().optional().openapi({
      description:
        "Client IP. Used in memory for the vendor IP-range check and truncated to /24 or /64 for the visitor hash; never stored.",
      example: "23.98.142.180",
    }),
    referer: z.string().nullable().optional().openapi({ description: "Referer header as received.", example: null }),
    headers: z
      .object({
        signature: z.string().optional(),
        "signature-input": z.string().optional(),
        "signature-agent": z.string().optional(),
        "ucp-agent": z.string().optional().openapi({
          description:
            'Universal Commerce Protocol `UCP-Agent` header as received (`profile="https://…"`): read as a declared identity, never verified. At most 2,048 characters.',
          example: 'profile="https://agent.example/.well-known/ucp"',
        }),
      })
      .optional()
      .openapi({
        description:
          "Request headers ingest reads, as received: Web Bot Auth (RFC 9421 `signature`, `signature-input`, `signature-agent`, at most 4,096 characters each) for signature verification, and `ucp-agent`. Other headers are ignored.",
      }),
    policy: PolicyMarkInput.optional(),
    order: AgenticOrderInput.optional(),
  })
  .openapi("ServerEventInput");

export const RecordEventsBody = z
  .object({
    // Each record is parsed on its own (one bad record is a `rejected` result, not a 400
    // for the batch), so the body parses `unknown` items; the document still names the
    // record's shape, so generated clients type `events` as ServerEventInput[].
    events: z
      .array(z.unknown())
      .min(1)
      .max(MAX_SERVER_EVENTS)
      .openapi({
        description: "1 to 500 request records; each is accepted or rejected on its own.",
        items: { $ref: "#/components/schemas/ServerEventInput" },
      }),
  })
  .openapi("RecordEventsRequest");

const ResultItem = z
  .object({
    index: z.number().int().openapi({ description: "Position of the record in `events`.", example: 0 }),
    status: z.enum(["accepted", "rejected"]).openapi({ example: "accepted" }),
    error: z
      .object({
        code: z.string().openapi({ example: "site_not_found" }),
        message: z.string().openapi({ example: "No site with that domain in this workspace" }),
      })
      .optional()
      .openapi({
        description:
          "Why a record was rejected: `invalid_request`, `site_not_found`, `stale_timestamp`, `future_timestamp`, `invalid_url`.",
      }),
  })
  .openapi("ServerEventResult");

export const RecordEventsResponse = z
  .object({
    received: z.number().int().openapi({ example: 2 }),
    accepted: z.number().int().openapi({ example: 1 }),
    rejected: z.number().int().openapi({ example: 1 }),
    results: z.array(ResultItem).openapi({ description: "One result per posted record, in order." }),
  })
  .openapi("RecordEventsResult");
