import { z } from "@hono/zod-openapi";
import { ATTRIBUTION_BASES } from "../../../../shared/attribution/attribute-conversion";
import { ATTRIBUTION_PERIODS, DEFAULT_ATTRIBUTION_PERIOD } from "../../../../shared/attribution/report-period";

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

const CurrencyTotal = z
  .object({
    currency: z.string().openapi({ example: "EUR" }),
    conversions: z.number().int().openapi({ example: 12 }),
    value_minor: z.number().int().openapi({ description: "Sum in minor units of this currency only.", example: 59880 }),
  })
  .openapi("CurrencyTotal");

const Basis = z.enum(ATTRIBUTION_BASES).openapi({ example: "declared_click_id" });

export const AttributionOverviewResponse = z
  .object({
    site_id: z
      .string()
      .nullable()
      .openapi({ description: "Null when the report covers the whole workspace.", example: "site_4kP2" }),
    domain: z.string().nullable().openapi({ example: "shop.example" }),
    period: z.enum(ATTRIBUTION_PERIODS).openapi({ example: "30d" }),
    period_start: z.string().openapi({ format: "date-time", example: "2026-10-23T12:00:00.000Z" }),
    period_end: z.string().openapi({ format: "date-time", example: "2026-11-22T12:00:00.000Z" }),
    total_conversions: z.number().int().openapi({ example: 20 }),
    attributed_conversions: z.number().int().openapi({ example: 14 }),
    unattributed_conversions: z.number().int().openapi({ example: 6 }),
    by_currency: z.array(CurrencyTotal).openapi({ description: "Money is never summed across currencies." }),
    by_platform: z.array(
      z.object({
        platform: z
          .string()
          .openapi({ description: "AI platform, ad platform, `other` or `unattributed`.", example: "chatgpt" }),
        conversions: z.number().int().openapi({ example: 9 }),
        by_currency: z.array(CurrencyTotal),
      }),
    ),
    by_basis: z.array(z.object({ basis: Basis, conversions: z.number().int().openapi({ example: 9 }) })).openapi({
      description: "Always the three bases, zeros included.",
    }),
    by_source: z.array(
      z.object({
        source: z.string().openapi({
          description: "`paid`, `ai_assistant_link`, `tagged`, or `unattributed` (basis none).",
          example: "paid",
        }),
        sub_source: z.string().nullable().openapi({ example: "chatgpt" }),
        basis: Basis,
        conversions: z.number().int().openapi({ example: 5 }),
        by_currency: z.array(CurrencyTotal),
      }),
    ),
  })
  .openapi("AttributionOverview", {
    description: "There is deliberately no return-on-ad-spend field: the service knows no ad spend.",
  });
