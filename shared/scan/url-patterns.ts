// URL shapes the crawl plan uses to pick pages (scan-checks.md "Crawl plan" §2).

const PRODUCT = /\/(products?|p|dp|item)\/[^/?#]+/i;
const CATEGORY = /\/(collections|category|categories|c|catalog|department|shop)\/[^/?#]+\/?$/i;
const CART = /\/(cart|basket|bag|checkout\/cart)\/?$/i;

export const CONVENTIONAL_CARTS = ["/cart", "/basket"] as const;

export function looksLikeProduct(url: URL): boolean {
  return PRODUCT.test(url.pathname);
}

export function looksLikeCategory(url: URL): boolean {
  return !looksLikeProduct(url) && CATEGORY.test(url.pathname);
}

export function looksLikeCart(url: URL): boolean {
  return CART.test(url.pathname);
}

/** Absolute http(s) URL accepted by `onSite`, without its fragment; null otherwise. */
export function resolveOnSite(href: string, base: string, onSite: (url: URL) => boolean): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!onSite(url)) return null;
  url.hash = "";
  return url;
}

/** Sorted, de-duplicated hrefs: the crawl's deterministic order. */
export function sortedUnique(urls: Iterable<string>): string[] {
  return [...new Set(urls)].sort();
}
