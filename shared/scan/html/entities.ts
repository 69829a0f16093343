import { decodeHTML, decodeHTMLAttribute } from "entities";

// Character references as they appear in text and attribute values read from the
// HTMLRewriter (which passes them through undecoded), decoded with the full table of
// the WHATWG HTML standard's named character references (2,231 names, including the
// legacy ones written without a semicolon) and its numeric rules, through the `entities`
// package (fb55/entities, the decoder of htmlparser2 and cheerio). A no-break space
// reads as a plain space: the checks compare words, not layout.

const NBSP = /\u00a0/g;

/** Text content: `Caf&eacute; Table&trade; &ndash; Gr&ouml;&szlig;e M` → `Café Table™ – Größe M`. */
export function decodeEntities(text: string): string {
  return text.includes("&") ? decodeHTML(text).replace(NBSP, " ") : text.replace(NBSP, " ");
}

/**
 * An attribute value (`content`, `value`): the standard's attribute rule leaves a legacy
 * reference without its semicolon alone before `=` or an alphanumeric (`?a=1&copy=2`).
 */
export function decodeAttributeEntities(value: string): string {
  return value.includes("&") ? decodeHTMLAttribute(value).replace(NBSP, " ") : value.replace(NBSP, " ");
}
