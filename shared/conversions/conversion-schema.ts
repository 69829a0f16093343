import { z } from "zod";
import { Coverage } from "../sites/coverage-schema";
import { ATTRIBUTION_BASES } from "../vocabulary/attribution-bases";
import { ITEM_REJECTION_CODES } from "./item-rejection";

// Conversion response shapes (contract: POST and GET /conversions), declared once: the
// v1 routes answer with them, the OpenAPI components come from them (`id`) and the
// shared functions return `z.infer` of them.

const Basis = z.enum(ATTRIBUTION_BASES).meta({
  description:
    "`declared_click_id`: a platform-minted click id was sent (hard evidence). `declared_utm`: a utm_source label (recorded, unverifiable). `none`: unattributed.",
  example: "declared_click_id",
});

const ConversionId = z
  .string()
  .meta({ description: "Id of the stored conversion.", example: "0f5e8c7a-3b1d-4e2a-9c6f-2d8b7a1e4f30" });

export const ConversionResult = z
  .union([
    z.object({
      external_id: z.string().meta({ example: "order-10042" }),
      status: z.literal("accepted"),
      conversion_id: ConversionId,
      attribution: z.object({
        attributed: z.boolean().meta({ example: true }),
        platform: z.string().meta({
          description:
            "Platform from the click id or utm_source; `other` for a non-AI utm_source; `unattributed` for basis none.",
          example: "chatgpt",
        }),
        basis: Basis,
      }),
    }),
    z.object({
      external_id: z.string().meta({ example: "order-10041" }),
      status: z.literal("duplicate"),
      conversion_id: ConversionId.meta({ description: "The conversion stored first under this external_id." }),
    }),
    z.object({
      external_id: z
        .string()
        .nullable()
        .meta({ description: "Null when the item had no usable external_id.", example: "order-10040" }),
      status: z.literal("rejected"),
      error: z.object({
        code: z.enum(ITEM_REJECTION_CODES).meta({ example: "invalid_currency" }),
        message: z.string().meta({ example: 'currency: "XYZ" is not an ISO 4217 code' }),
      }),
    }),
  ])
  .meta({ id: "ConversionResult" });

export const RecordConversionsResult = z
  .object({
    received: z.number().int().meta({ example: 3 }),
    accepted: z.number().int().meta({ example: 1 }),
    duplicate: z.number().int().meta({ example: 1 }),
    rejected: z.number().int().meta({ example: 1 }),
    results: z.array(ConversionResult).meta({ description: "One result per posted item, in order." }),
  })
  // Not `RecordConversionsResult`: orval's axios client names the answer type of the
  // operation recordConversions exactly that, and the two declarations collide (TS2300).
  .meta({ id: "ConversionBatchResult" });

export const ConversionListItem = z
  .object({
    conversion_id: ConversionId,
    external_id: z.string().meta({ example: "order-10042" }),
    event_name: z.string().meta({ example: "purchase" }),
    occurred_at: z.string().meta({ format: "date-time", example: "2026-11-20T10:04:00.000Z" }),
    recorded_at: z.string().meta({
      format: "date-time",
      description: "When the service accepted it.",
      example: "2026-11-20T10:05:12.000Z",
    }),
    value_minor: z.number().int().meta({ example: 4990 }),
    currency: z.string().meta({ example: "EUR" }),
    domain: z
      .string()
      .nullable()
      .meta({ description: "Site it was attributed to; null when none resolved.", example: "shop.example" }),
    attributed_platform: z.string().meta({ example: "chatgpt" }),
    attribution_basis: Basis,
    voided: z.boolean().meta({ example: false }),
    voided_at: z.string().nullable().meta({ format: "date-time", example: null }),
  })
  .meta({ id: "ConversionListItem" });

export const ConversionList = z
  .object({
    results: z.array(ConversionListItem),
    next_cursor: z.string().meta({
      description: "Pass unchanged as `cursor` for the next page. Paging past the end yields an empty page.",
      example: "eyJ2IjoxfQ.c2ln",
    }),
    has_more: z.boolean().meta({
      description: "False on the last page: stop paging here (`next_cursor` is still a string).",
      example: false,
    }),
    data_coverage: Coverage.nullable().meta({
      description:
        'With `domain`, that site\'s coverage (docs/reports.md "Coverage"): the attributed platform of each conversion comes from the sessions its sources recorded. Null without `domain`: each site has its own.',
    }),
  })
  .meta({ id: "ConversionList" });

export type ConversionResult = z.infer<typeof ConversionResult>;
export type RecordConversionsResult = z.infer<typeof RecordConversionsResult>;
export type ConversionListItem = z.infer<typeof ConversionListItem>;
/** A page as `conversionListPage` computes it; the transports add `data_coverage`. */
export type ConversionList = Omit<z.infer<typeof ConversionList>, "data_coverage">;
