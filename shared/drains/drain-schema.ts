import { z } from "@hono/zod-openapi";
import { DRAIN_FORMATS } from "../vocabulary/drain-formats";

// The Drain resource of the v1 API and MCP tools, declared once (docs/integrations/).

export const DrainFormatSchema = z.enum(DRAIN_FORMATS).openapi({
  description:
    "`cloudflare_logpush` (HTTP destination, `http_requests` dataset), `vercel` (log drain, JSON or NDJSON, signed), `ndjson` (one `/api/v1/events` record per line: Fastly, Netlify, log shippers).",
  example: "cloudflare_logpush",
});

/** What the drain's last deliveries show: its install check (docs/integrations/README.md). */
export const DRAIN_STATES = ["waiting", "receiving", "rejecting", "refusing", "revoked"] as const;

export const DrainSchema = z
  .object({
    drain_id: z.string().openapi({ example: "drn_4Jx0Kq8WmT2rYb7nLc1P" }),
    site_id: z.string().openapi({ example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    format: DrainFormatSchema,
    endpoint_url: z.string().openapi({
      description: "Where the vendor sends batches.",
      example: "https://agent-readiness.example/ingest/drains/drn_4Jx0Kq8WmT2rYb7nLc1P",
    }),
    created_at: z.string().openapi({ example: "2026-11-25T10:00:00.000Z" }),
    revoked_at: z.string().nullable().openapi({ example: null }),
    status: z
      .object({
        state: z.enum(DRAIN_STATES).openapi({
          description:
            "`waiting`: no batch yet; `receiving`: the last batch stored lines; `rejecting`: the last batch stored nothing (see `last_batch.reasons`); `refusing`: the newest request was refused (wrong secret or signature) after the last batch; `revoked`.",
          example: "receiving",
        }),
        last_batch_at: z.string().nullable().openapi({ example: "2026-11-25T10:05:00.000Z" }),
        last_batch: z
          .object({
            lines: z.number().int(),
            accepted: z.number().int(),
            rejected: z.number().int(),
            reasons: z.record(z.string(), z.number().int()).openapi({
              description: "Skipped and rejected lines by reason.",
              example: { not_a_page_view: 812, stale_timestamp: 3 },
            }),
          })
          .nullable(),
        last_accept_at: z.string().nullable().openapi({ description: "Newest batch that stored a line." }),
        last_refusal_at: z.string().nullable(),
        last_refusal_reason: z
          .string()
          .nullable()
          .openapi({ description: "`invalid_drain_secret`, `invalid_signature` or `revoked`.", example: null }),
      })
      .openapi("DrainStatus"),
  })
  .openapi("Drain");

export type DrainView = z.infer<typeof DrainSchema>;

export const DrainCreationSchema = DrainSchema.extend({
  secret: z.string().openapi({
    description:
      "The drain's secret, shown this once: the bearer token (Logpush, NDJSON) or Vercel's signature secret.",
    example: "ar_drain_9fQ2...",
  }),
  setup: z.record(z.string(), z.string()).openapi({
    description:
      "The values to paste into the vendor's form (docs/integrations/<format>.md), e.g. Logpush's `destination_conf` with the secret as `header_Authorization`.",
  }),
}).openapi("DrainCreation");

export const CreateDrainBody = z
  .object({
    format: DrainFormatSchema,
    vercel_verify: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\x21-\x7e]+$/)
      .optional()
      .openapi({
        description:
          "Vercel only: the verification value Vercel shows when adding the drain; the endpoint answers it in `x-vercel-verify`.",
        example: "8a9b0c1d2e3f",
      }),
  })
  .openapi("CreateDrain");

export const DrainListSchema = z.object({ drains: z.array(DrainSchema) }).openapi("DrainList");
