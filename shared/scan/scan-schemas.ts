import { z } from "@hono/zod-openapi";

// The scan API's request and result (contract.md "Scan API resources") as zod: the
// scan route validates its body with ScanRequest, and the MCP tools scan_domain and
// get_scan take their input and output schemas from here.

export const ScanRequest = z
  .object({
    domain: z.string().min(1).max(253).openapi({
      description: "The shop's host name only, no protocol or path (e.g. shop.example.com).",
      example: "shop.example.com",
    }),
  })
  .openapi("ScanRequest");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ScanIdParam = z.object({
  id: z
    .string()
    .regex(UUID)
    .openapi({
      param: { name: "id", in: "path" },
      description: "The scan's id (a UUID), as returned by a scan or named in a score.changed webhook.",
      example: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
    }),
});

const score = (description: string) => z.number().int().min(0).max(100).openapi({ description });

export const LayerScoresSchema = z
  .object({
    access: score("1. Can agents reach the site."),
    identity: score("2. Can agents understand what the site is."),
    interaction: score("3. Can browser agents use the site."),
    content: score("4. Can agents parse the content."),
    integration: score("5. Can agents use the service programmatically."),
  })
  .openapi("LayerScores");

export const CheckResultSchema = z
  .object({
    layer: z.number().int().min(1).max(5).openapi({ description: "Dimension number (see LayerScores)." }),
    key: z.string().openapi({ description: "Unique check identifier.", example: "llms_txt" }),
    status: z.enum(["pass", "fail", "warn"]).openapi({ description: "pass = 100 %, warn = 50 %, fail = 0 %." }),
    message: z.string().openapi({ description: "What the check found." }),
    fix: z.string().nullable().optional().openapi({ description: "Suggested fix; null when the check passes." }),
    evidence: z.record(z.string(), z.unknown()).nullable().optional().openapi({ description: "Supporting data." }),
    blocked: z.boolean().optional().openapi({
      description: "True when bot protection or robots.txt kept the check from running (scores 0; an access problem).",
    }),
  })
  .openapi("CheckResult");

export const ScanResultSchema = z
  .object({
    id: z.string().openapi({ description: "Scan id (UUID).", example: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f" }),
    domain: z.string().openapi({ description: "The scanned domain.", example: "shop.example.com" }),
    overallScore: score("How easily an AI agent can find a product and add it to the cart, 0-100."),
    layerScores: LayerScoresSchema,
    checkResults: z.array(CheckResultSchema).openapi({ description: "Every check's result." }),
    createdAt: z.string().openapi({ description: "First creation, RFC 3339." }),
    lastSeenAt: z.string().openapi({ description: "Last time these exact results were seen, RFC 3339." }),
    seenCount: z.number().int().min(1).openapi({ description: "Times this exact result set was seen." }),
    scoringVersion: z.string().optional().openapi({ description: "Version of the scoring method (additive)." }),
  })
  .openapi("ScanResult");
