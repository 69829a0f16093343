import { z } from "zod";
import { AttributionInput } from "../attribution/attribution-input";

// The conversion input item (contract: "Conversion input item"), declared once: the
// per-item validator and the OpenAPI document both use it. Sizes are bounded so a
// 100-item body stays small (security: input sizes bounded).

export const MAX_VALUE_MINOR = 1_000_000_000_000;
const rfc3339 = z.iso.datetime({ offset: true });

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
