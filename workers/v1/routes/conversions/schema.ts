import { z } from "@hono/zod-openapi";
import { ATTRIBUTION_BASES } from "../../../../shared/attribution/attribute-conversion";
import { ConversionInput } from "../../../../shared/conversions/conversion-input";
import { ITEM_REJECTION_CODES } from "../../../../shared/conversions/item-rejection";

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

const Basis = z.enum(ATTRIBUTION_BASES).openapi({
  description:
    "`declared_click_id`: a platform-minted click id was sent (hard evidence). `declared_utm`: a utm_source label (recorded, unverifiable). `none`: unattributed.",
  example: "declared_click_id",
});

const ConversionId = z
  .string()
  .openapi({ description: "Id of the stored conversion.", example: "0f5e8c7a-3b1d-4e2a-9c6f-2d8b7a1e4f30" });

export const ConversionResultItem = z
  .union([
    z.object({
      external_id: z.string().openapi({ example: "order-10042" }),
      status: z.literal("accepted"),
      conversion_id: ConversionId,
      attribution: z.object({
        attributed: z.boolean().openapi({ example: true }),
        platform: z.string().openapi({
          description:
            "Platform from the click id or utm_source; `other` for a non-AI utm_source; `unattributed` for basis none.",
          example: "chatgpt",
        }),
        basis: Basis,
      }),
    }),
    z.object({
      external_id: z.string().openapi({ example: "order-10041" }),
      status: z.literal("duplicate"),
      conversion_id: ConversionId.openapi({ description: "The conversion stored first under this external_id." }),
    }),
    z.object({
      external_id: z
        .string()
        .nullable()
        .openapi({ description: "Null when the item had no usable external_id.", example: "order-10040" }),
      status: z.literal("rejected"),
      error: z.object({
        code: z.enum(ITEM_REJECTION_CODES).openapi({ example: "invalid_currency" }),
        message: z.string().openapi({ example: 'currency: "XYZ" is not an ISO 4217 code' }),
      }),
    }),
  ])
  .openapi("ConversionResult");

export const RecordConversionsResponse = z
  .object({
    received: z.number().int().openapi({ example: 3 }),
    accepted: z.number().int().openapi({ example: 1 }),
    duplicate: z.number().int().openapi({ example: 1 }),
    rejected: z.number().int().openapi({ example: 1 }),
    results: z.array(ConversionResultItem).openapi({ description: "One result per posted item, in order." }),
  })
  .openapi("RecordConversionsResult");

export const ConversionListItem = z
  .object({
    conversion_id: ConversionId,
    external_id: z.string().openapi({ example: "order-10042" }),
    event_name: z.string().openapi({ example: "purchase" }),
    occurred_at: z.string().openapi({ format: "date-time", example: "2026-11-20T10:04:00.000Z" }),
    recorded_at: z.string().openapi({
      format: "date-time",
      description: "When the service accepted it.",
      example: "2026-11-20T10:05:12.000Z",
    }),
    value_minor: z.number().int().openapi({ example: 4990 }),
    currency: z.string().openapi({ example: "EUR" }),
    domain: z
      .string()
      .nullable()
      .openapi({ description: "Site it was attributed to; null when none resolved.", example: "shop.example" }),
    attributed_platform: z.string().openapi({ example: "chatgpt" }),
    attribution_basis: Basis,
    voided: z.boolean().openapi({ example: false }),
    voided_at: z.string().nullable().openapi({ format: "date-time", example: null }),
  })
  .openapi("ConversionListItem");

export const ConversionListResponse = z
  .object({
    results: z.array(ConversionListItem),
    next_cursor: z.string().openapi({
      description: "Pass unchanged as `cursor` for the next page. Paging past the end yields an empty page.",
      example: "eyJ2IjoxfQ.c2ln",
    }),
    has_more: z.boolean().openapi({
      description: "False on the last page: stop paging here (`next_cursor` is still a string).",
      example: false,
    }),
  })
  .openapi("ConversionList");

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
