import { pageOnSite } from "../origin-check";
import type { Draft, Dropped } from "../pipeline-types";

/** The page must be an http(s) URL on the registered host; only its path is kept. */
export function parsePage(d: Draft): Draft | Dropped {
  let page: URL;
  try {
    page = new URL(d.pageUrl);
  } catch {
    return { dropped: "invalid_url" };
  }
  if (page.protocol !== "https:" && page.protocol !== "http:") return { dropped: "invalid_url" };
  if (!pageOnSite(page, d.site.domain)) return { dropped: "foreign_host" };
  return { ...d, page, url: page.pathname.slice(0, 1024) || "/" };
}
