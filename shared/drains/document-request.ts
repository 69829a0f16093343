import type { DrainRecord } from "./drain-record";

/**
 * Which logged requests are page views (docs/integrations/README.md, "What counts as a
 * page view"). Logs hold every request: images, scripts, fonts, API calls, robots.txt.
 * Only a successful GET of a document is a page view; everything else is still kept in
 * an agent's request log (robots.txt compliance, errors), never counted as a page.
 *
 * - The answer's Content-Type decides when the log carries one (Cloudflare's
 *   `EdgeResponseContentType`, the generic record's `content_type`): `text/html` or
 *   `application/xhtml+xml` is a document, anything else is not.
 * - Without one (Vercel's proxy record has none, and a 304 carries none) the path
 *   decides: a last segment without an extension or with a page extension is a
 *   document; one with any other extension, or a framework's asset prefix, is not.
 */
const DOCUMENT_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const PAGE_EXTENSIONS = new Set(["html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "cfm", "shtml"]);
// Build and image-optimisation paths of the common shop frameworks (Next.js, Nuxt,
// Shopify's CDN path, Vercel's internals): files, never pages, whatever their names.
const ASSET_PREFIXES = ["/_next/", "/_nuxt/", "/_vercel/", "/cdn/", "/.well-known/", "/wp-content/", "/wp-includes/"];

export type NotAPageView = "not_get" | "not_success" | "not_a_document";

/** Null when the record is a page view; else why it is not. */
export function notAPageView(r: DrainRecord): NotAPageView | null {
  if (r.method.toUpperCase() !== "GET") return "not_get";
  if (!((r.status >= 200 && r.status < 300) || r.status === 304)) return "not_success";
  return isDocument(r) ? null : "not_a_document";
}

// A log holds a handful of distinct Content-Types, read once per line: each is read once
// per isolate (cleared when full, like the User-Agent memo).
const TYPE_MEMO_ENTRIES = 256;
const documentType = new Map<string, boolean>();

export function isDocument(r: Pick<DrainRecord, "contentType" | "path">): boolean {
  if (r.contentType) {
    const known = documentType.get(r.contentType);
    if (known !== undefined) return known;
    const type = r.contentType.split(";")[0]?.trim().toLowerCase();
    if (type) {
      if (documentType.size >= TYPE_MEMO_ENTRIES) documentType.clear();
      documentType.set(r.contentType, DOCUMENT_TYPES.has(type));
      return DOCUMENT_TYPES.has(type);
    }
  }
  return isDocumentPath(r.path);
}

export function isDocumentPath(pathAndQuery: string): boolean {
  const end = pathAndQuery.search(/[?#]/);
  const path = (end === -1 ? pathAndQuery : pathAndQuery.slice(0, end)).toLowerCase();
  if (ASSET_PREFIXES.some((p) => path.startsWith(p))) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  if (dot <= 0) return true;
  return PAGE_EXTENSIONS.has(last.slice(dot + 1));
}
