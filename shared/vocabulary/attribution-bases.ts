/**
 * How a conversion's attribution was decided (docs/decisions.md#7-conversions-and-attribution),
 * declared once: the decision (shared/attribution/attribute-conversion.ts), the stored
 * column, the reports' zod enums and the words (shared/display) read it.
 */
export const ATTRIBUTION_BASES = ["declared_click_id", "declared_utm", "none"] as const;
export type AttributionBasis = (typeof ATTRIBUTION_BASES)[number];

/** Platform value of a conversion with basis `none` (contract: by_platform "a platform value `unattributed` exists"). */
export const UNATTRIBUTED = "unattributed";
