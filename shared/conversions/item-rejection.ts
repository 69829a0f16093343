// Per-item rejection codes of POST /conversions (docs/decisions.md#7-conversions-and-attribution: `{external_id, status:
// "rejected", error: {code, message}}`). They live beside, not in, the HTTP error
// catalogue because they never set a response status; where a catalogue code means the
// same thing (`invalid_request`, `invalid_domain`, `site_not_found`) it is reused.
export const ITEM_REJECTION_CODES = [
  "invalid_request", // a field is missing or has the wrong type or format
  "invalid_occurred_at", // not RFC 3339, older than 7 days, or in the future beyond the skew
  "invalid_value_minor", // not an integer, negative, or above the bound
  "invalid_currency", // not an ISO 4217 code
  "invalid_domain", // `site` is not a well-formed domain
  "site_not_found", // `site` names no site of the workspace
] as const;

export type ItemRejectionCode = (typeof ITEM_REJECTION_CODES)[number];

export interface ItemRejection {
  code: ItemRejectionCode;
  message: string;
}
