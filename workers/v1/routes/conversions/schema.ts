import { z } from "@hono/zod-openapi";
import { ConversionInput } from "@shared/conversions/conversion-input";

export { ConversionInput };

export const MAX_ITEMS = 100;
// 100 items at every field's maximum size come to about 1.6 MB of JSON; 2 MiB leaves
// room for escaping while still refusing a body no valid request needs.
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

// Items are validated one by one by the handler (each item stands alone, contract
// POST /conversions), so the body schema only bounds the array; the OpenAPI document
// still describes each item as ConversionInput.
export const RecordConversionsBody = z
  .object({
    conversions: z
      .array(z.unknown().openapi({ allOf: [{ $ref: "#/components/schemas/ConversionInput" }] }))
      .min(1)
      .max(MAX_ITEMS)
      .openapi({ description: "1 to 100 conversions; each is accepted, found duplicate or rejected on its own." }),
  })
  .openapi("RecordConversionsRequest");

// Response shapes: shared/conversions/conversion-schema.ts (declared once, reused by MCP tools).

export const ListConversionsQuery = z.object({
  domain: z
    .string()
    .max(253)
    .optional()
    .openapi({ description: "Only conversions of this site; omit for every site.", example: "shop.example" }),
  limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ description: "Page size, 1-200.", example: 50 }),
  cursor: z
    .string()
    .max(512)
    .optional()
    .openapi({ description: "`next_cursor` of the previous page, unchanged; omit for the first page." }),
  include_voided: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true")
    .openapi({ description: "Include voided conversions (flagged `voided: true`).", example: "false" }),
});
