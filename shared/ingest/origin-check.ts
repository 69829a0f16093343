import type { ResolveMap } from "../outbound/resolve-map";

export type RefusalReason =
  | "missing_origin"
  | "origin_mismatch"
  | "unknown_token"
  | "page_url_mismatch"
  // Past the site's or the client network's beacon limits (beacon-limits.ts).
  | "rate_limited";

/**
 * docs/decisions.md#4-domains: ingest accepts Origin `https://DOMAIN` and `https://www.DOMAIN` of the
 * registered site; plain http only for hosts mapped by OUTBOUND_RESOLVE (local runs).
 */
export function originAllowed(origin: string | null, domain: string, resolve: ResolveMap): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // A browser sends the serialized origin exactly; anything else is not an Origin.
  if (url.origin !== origin) return false;
  const host = url.hostname;
  if (host !== domain && host !== `www.${domain}`) return false;
  if (url.protocol === "https:") return url.port === "";
  const mapped = resolve.get(host);
  return url.protocol === "http:" && mapped !== undefined && (url.port === "" || mapped.endsWith(`:${url.port}`));
}

/** The page URL a beacon reports must be on the same registered host. */
export function pageOnSite(page: URL, domain: string): boolean {
  return page.hostname === domain || page.hostname === `www.${domain}`;
}
