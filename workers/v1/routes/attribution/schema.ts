import { z } from "@hono/zod-openapi";
import { ATTRIBUTION_PERIODS, DEFAULT_ATTRIBUTION_PERIOD } from "@shared/attribution/report-period";

export const AttributionOverviewQuery = z.object({
  domain: z.string().max(253).optional().openapi({
    description: "A site of the workspace; omit to cover every site (and conversions with no site).",
    example: "shop.example",
  }),
  period: z
    .enum(ATTRIBUTION_PERIODS)
    .default(DEFAULT_ATTRIBUTION_PERIOD)
    .openapi({ description: "Window ending now, over `occurred_at`.", example: "30d" }),
});

// Response shape: shared/attribution/attribution-schema.ts (declared once, reused by MCP tools).
