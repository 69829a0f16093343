import { z } from "zod";
import { metricMeta } from "../metrics/metric-text";
import { Coverage } from "../sites/coverage-schema";
import { ATTRIBUTION_BASES } from "../vocabulary/attribution-bases";
import { ATTRIBUTION_PERIODS } from "./report-period";

// The attribution overview's response shape (contract: GET /attribution/overview),
// declared once: the v1 route answers with it, the OpenAPI components come from it
// (`id`) and `attributionOverview` returns `z.infer` of it. Order counts and values are
// the metric catalogue's (docs/metrics.md): their descriptions and `x-metric` come from it.

/** Orders of the row, as the catalogue defines them. */
const Orders = (example: number, note = "") =>
  z
    .number()
    .int()
    .meta({ example, ...metricMeta("conversions", note) });

export const CurrencyTotal = z
  .object({
    currency: z.string().meta({ example: "EUR" }),
    conversions: Orders(12, "In this currency."),
    value_minor: z
      .number()
      .int()
      .meta({ example: 59880, ...metricMeta("conversion_value", "Sum in minor units of this currency only.") }),
  })
  .meta({ id: "CurrencyTotal" });

const Basis = z.enum(ATTRIBUTION_BASES).meta({ example: "declared_click_id" });

export const AttributionOverview = z
  .object({
    site_id: z
      .string()
      .nullable()
      .meta({ description: "Null when the report covers the whole workspace.", example: "site_4kP2" }),
    domain: z.string().nullable().meta({ example: "shop.example" }),
    // Named, so generators do not give it the name of the operation's `period` query enum.
    period: z.enum(ATTRIBUTION_PERIODS).meta({ id: "AttributionPeriod", example: "30d" }),
    period_start: z.string().meta({ format: "date-time", example: "2026-10-23T12:00:00.000Z" }),
    period_end: z.string().meta({ format: "date-time", example: "2026-11-22T12:00:00.000Z" }),
    total_conversions: Orders(20),
    attributed_conversions: z.number().int().meta({ example: 14 }),
    unattributed_conversions: z.number().int().meta({ example: 6 }),
    by_currency: z.array(CurrencyTotal).meta({ description: "Money is never summed across currencies." }),
    by_platform: z.array(
      z.object({
        platform: z
          .string()
          .meta({ description: "AI platform, ad platform, `other` or `unattributed`.", example: "chatgpt" }),
        conversions: Orders(9, "Of the platform."),
        by_currency: z.array(CurrencyTotal),
      }),
    ),
    by_basis: z.array(z.object({ basis: Basis, conversions: Orders(9, "Of the basis.") })).meta({
      description: "Always the three bases, zeros included.",
    }),
    by_source: z.array(
      z.object({
        source: z.string().meta({
          description: "`paid`, `ai_assistant_link`, `tagged`, or `unattributed` (basis none).",
          example: "paid",
        }),
        sub_source: z.string().nullable().meta({ example: "chatgpt" }),
        basis: Basis,
        conversions: Orders(5, "Of the source."),
        by_currency: z.array(CurrencyTotal),
      }),
    ),
    data_coverage: Coverage.nullable().meta({
      description:
        "The site's coverage (docs/reports.md \"Coverage\"): a conversion is attributed from the sessions recorded, so an agent's visit the site's sources did not see leaves its conversion unattributed. Null without `domain`: each site of the workspace has its own; ask per domain.",
    }),
  })
  .meta({
    id: "AttributionOverview",
    description: "There is deliberately no return-on-ad-spend field: the service knows no ad spend.",
  });

export type CurrencyTotal = z.infer<typeof CurrencyTotal>;
/** The overview as `attributionOverview` computes it; the transports add `data_coverage` (shared/reads/site-coverage.ts). */
export type AttributionOverview = Omit<z.infer<typeof AttributionOverview>, "data_coverage">;
