import type { PageVisit, SitemapFacts } from "../types";
import { resolveOnSite } from "../url-patterns";

// The one feed the crawl reads to see what it holds (scan-checks.md `product_feed`: "a
// Google Merchant XML feed linked from the sitemap or `link rel=alternate`"): the home
// page's `<link rel="alternate">` feeds (HTML Living Standard "Link type alternate" with a
// feed type; WordPress prints its posts feed this way at /feed/) and sitemap entries
// shaped like a feed file. Names that say "product" or "merchant" come first, then by URL,
// so the same site always yields the same choice. Comment feeds are never product feeds.

const FEED_TYPES =
  /^(application\/(rss|atom)\+xml|application\/(feed\+)?json|application\/xml|text\/xml|text\/csv|text\/tab-separated-values)$/i;
const FEED_NAME =
  /feed|merchant|google[-_]?shopping|products?[-_.]?(catalog|export|list)?\.(xml|json|jsonl|csv|tsv|txt)$/i;
const FEED_FILE = /\.(xml|json|jsonl|csv|tsv|txt)$/i;
const PRODUCT_NAME = /product|merchant|shopping|catalog/i;
const COMMENTS = /comments|sitemap/i;

export interface FeedCandidate {
  url: string;
  /** Where it was declared: `link rel=alternate` on the home page, or a sitemap. */
  via: "link" | "sitemap";
}

export function chooseProductFeed(
  home: PageVisit | null,
  sitemaps: SitemapFacts[],
  onSite: (url: URL) => boolean,
): FeedCandidate | null {
  const found: FeedCandidate[] = [];
  const base = home?.fetched.finalUrl;
  for (const l of home?.page?.headLinks ?? []) {
    if (!base || !l.rel.toLowerCase().split(/\s+/).includes("alternate")) continue;
    const typed = FEED_TYPES.test(l.type.trim());
    if (!typed && !(FEED_NAME.test(l.href) && !l.type)) continue;
    const url = resolveOnSite(l.href, base, onSite);
    if (url && !COMMENTS.test(url.pathname)) found.push({ url: url.href, via: "link" });
  }
  for (const s of sitemaps) {
    // An index's children are sitemaps, never feeds.
    for (const u of s.urls) {
      const url = resolveOnSite(u, s.url, onSite);
      if (!url || COMMENTS.test(url.pathname)) continue;
      const p = url.pathname;
      if ((FEED_FILE.test(p) && /product|merchant|shopping|catalog|feed/i.test(p)) || /\/feed\/?$/.test(p))
        found.push({ url: url.href, via: "sitemap" });
    }
  }
  const rank = (c: FeedCandidate) => (PRODUCT_NAME.test(new URL(c.url).pathname) ? 0 : 1);
  found.sort((a, b) => rank(a) - rank(b) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return found[0] ?? null;
}
