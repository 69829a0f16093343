import { z } from "zod";

// The conversion input item (contract: "Conversion input item"), declared once: the
// per-item validator and the OpenAPI document both use it. Sizes are bounded so a
// 100-item body stays small (security: input sizes bounded).

export const MAX_VALUE_MINOR = 1_000_000_000_000;
const rfc3339 = z.iso.datetime({ offset: true });

export const UtmInput = z
  .object({
    source: z.string().max(255).optional().meta({ example: "chatgpt.com" }),
    medium: z.string().max(255).optional().meta({ example: "referral" }),
    campaign: z.string().max(255).optional().meta({ example: "spring_sale" }),
  })
  .meta({ description: "UTM parameters captured from the landing URL. Labels: recorded, never verified." });

export const AttributionInput = z
  .object({
    click_ids: z
      .record(z.string().min(1).max(64), z.string().max(512))
      .refine((ids) => Object.keys(ids).length <= 20, "at most 20 click ids")
      .optional()
      .meta({
        description:
          "Click ids from the landing URL, parameter name to value. Known ones (oppref, gclid, gbraid, wbraid, msclkid, fbclid, ttclid) give the basis `declared_click_id`; others are kept without a basis.",
        example: { oppref: "op_3f9a0c" },
      }),
    utm: UtmInput.optional(),
    landing_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .meta({
        description: "First page of the visit. Its host selects the site when `site` is omitted.",
        example: "https://shop.example/products/tea?utm_source=chatgpt.com",
      }),
    clicked_at: rfc3339.optional().meta({ example: "2026-11-20T09:58:00Z" }),
  })
  .meta({ id: "ConversionAttributionInput", description: "What the landing page captured, sent server-side." });

export const ConversionInput = z
  .object({
    external_id: z
      .string()
      .min(1)
      .max(255)
      .meta({ description: "Your order id; the de-duplication key within the workspace.", example: "order-10042" }),
    occurred_at: rfc3339.meta({
      description:
        "When the order happened (RFC 3339). Must lie within the last 7 days; 5 minutes of clock skew allowed.",
      example: "2026-11-20T10:04:00Z",
    }),
    event_name: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Defaults to `purchase`.", example: "purchase" }),
    value_minor: z.number().int().min(0).max(MAX_VALUE_MINOR).meta({
      description: "Amount in minor units of `currency` (cents for USD); an integer, never a decimal.",
      example: 4990,
    }),
    currency: z.string().meta({ description: "ISO 4217 code; case-insensitive, stored uppercase.", example: "EUR" }),
    site: z
      .string()
      .max(253)
      .optional()
      .meta({ description: "Domain of a site registered in the workspace. Optional.", example: "shop.example" }),
    attribution: AttributionInput.optional(),
  })
  .meta({ id: "ConversionInput" });

export type ConversionInput = z.infer<typeof ConversionInput>;
