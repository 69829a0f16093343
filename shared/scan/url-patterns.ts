// URL shapes the crawl plan uses to pick pages (scan-checks.md "Crawl plan" §2). A URL's
// shape is only a hint: a page is a product page when it says so (structured data,
// og:type, platform markers; see crawl/discover-products.ts). Shapes decide what to fetch
// first and what never to take for a product (media, compare, wishlist, account, cart).

import { isCartSegment } from "./vocabulary/shop-vocabulary";

const PRODUCT = /\/(products?|p|dp|item)\/[^/?#]+/i;
const CATEGORY = /\/(collections|category|categories|c|catalog|department|shop)\/[^/?#]+\/?$/i;
// Cart pages in the shapes shop platforms use: /cart (Shopify), /cart.html and
// /checkout/cart/ (Magento), /checkout/cart (Shopware), /basket, /bag, and the cart's name
// in the shop's language as the last segment (/warenkorb, /carrito, /carrinho, /košarica:
// vocabulary/shop-words.ts).
const CHECKOUT_CART = /\/checkout\/cart\/?$/i;

// Paths that are never a product page even when they carry a product id: media files,
// compare / wishlist / review / account / cart actions, search results (Magento's
// /catalog/product_compare/add/..., /wishlist/index/add/..., /media/catalog/product/...).
const NOT_A_PAGE =
  /\/(media|static|assets|cdn|cdn-cgi|wp-content\/uploads|images?)\/|\.(jpe?g|png|gif|webp|avif|svg|ico|css|js|mjs|json|xml|txt|pdf|zip|mp4|webm|woff2?)$/i;
const ACTION =
  /(product_compare|\/compare\b|wishlist|wunschzettel|merkzettel|\/review|sendfriend|\/account|\/customer|\/login|\/logout|\/register|\/checkout|\/cart\b|\/basket|\/search|catalogsearch|[?&](add-to-cart|add_to_wishlist|action)=)/i;

export const CONVENTIONAL_CARTS = ["/cart", "/basket"] as const;

function segments(url: URL): string[] {
  return url.pathname.split("/").filter(Boolean);
}

/** Never a product or category page: media and action URLs, and anything under a cart in any language. */
export function isExcludedPage(url: URL): boolean {
  return (
    NOT_A_PAGE.test(url.pathname) || ACTION.test(`${url.pathname}${url.search}`) || segments(url).some(isCartSegment)
  );
}

export function looksLikeProduct(url: URL): boolean {
  return PRODUCT.test(url.pathname) && !isExcludedPage(url);
}

export function looksLikeCategory(url: URL): boolean {
  return !looksLikeProduct(url) && CATEGORY.test(url.pathname) && !isExcludedPage(url);
}

export function looksLikeCart(url: URL): boolean {
  const last = segments(url).pop();
  return CHECKOUT_CART.test(url.pathname) || (last !== undefined && isCartSegment(last));
}

/**
 * A page URL that may be a product page on a platform with slug URLs (Magento
 * `/name-of-product.html`, Shopware and WooCommerce `/name-of-product/`): on-site, not
 * excluded, and a last path segment that reads like a name (two hyphens or more, or .html).
 */
export function looksLikeSlugPage(url: URL): boolean {
  if (isExcludedPage(url) || looksLikeCart(url)) return false;
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  return /\.html?$/i.test(last) || (last.match(/-/g) ?? []).length >= 2;
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
