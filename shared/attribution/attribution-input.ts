import { z } from "zod";

// What a conversion carries for its attribution (contract: "Conversion input item",
// `attribution`), declared once: the conversion input item (shared/conversions/conversion-input.ts)
// nests it, and the attribution decision (attribute-conversion.ts) reads it. Sizes are
// bounded like the rest of the item.

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
