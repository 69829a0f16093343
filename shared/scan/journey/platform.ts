import { isOk, parseJson } from "../checks/check-helpers";
import type { JourneySite } from "../types";
import type { Platform } from "./types";
import type { ShopifyProduct } from "./understand";

// Which storefront platform the shop runs on, from what it already served the crawl.
// Shopify: `/products.json` lists products with variants (Shopify's storefront product
// JSON), or Shopify's response headers / asset host on the home page. WooCommerce: the
// WordPress REST API discovery link `<link rel="https://api.w.org/">`
// (https://developer.wordpress.org/rest-api/using-the-rest-api/discovery/) together with
// WooCommerce markup; its Store API lives under that root at `wc/store/v1/`
// (https://developer.woocommerce.com/docs/apis/store-api/).

export interface PlatformFacts {
  platform: Platform | null;
  shopifyProducts: ShopifyProduct[];
  /** WordPress REST root (ends with "/"), when the home page links one. */
  wpApiRoot: string | null;
}

export function detectPlatform(site: Pick<JourneySite, "files" | "home">): PlatformFacts {
  const pj = site.files["/products.json"];
  const parsed = isOk(pj) ? (parseJson(pj.body) as { products?: ShopifyProduct[] } | undefined) : undefined;
  const shopifyProducts = Array.isArray(parsed?.products)
    ? parsed.products.filter((p) => p && Array.isArray(p.variants))
    : [];
  const home = site.home;
  const headers = home?.fetched.headers ?? {};
  const body = home?.fetched.body ?? "";
  const shopifyMarks =
    "x-shopid" in headers ||
    "x-shopify-stage" in headers ||
    /shopify/i.test(headers["powered-by"] ?? "") ||
    /cdn\.shopify\.com|Shopify\.theme\b/.test(body);
  const apiLink = (home?.page?.headLinks ?? []).find((l) => l.rel.split(/\s+/).includes("https://api.w.org/"));
  // WordPress also sends it as an HTTP header: Link: <https://shop/wp-json/>; rel="https://api.w.org/".
  const headerLink = /<([^>]+)>\s*;\s*rel="?https:\/\/api\.w\.org\/"?/.exec(headers.link ?? "")?.[1];
  const apiHref = apiLink?.href ?? headerLink;
  let wpApiRoot: string | null = null;
  if (apiHref && home) {
    try {
      const u = new URL(apiHref, home.fetched.finalUrl);
      wpApiRoot = u.href.endsWith("/") ? u.href : `${u.href}/`;
    } catch {
      wpApiRoot = null;
    }
  }
  const wooMarks = /woocommerce|wc-block/i.test(body);
  const platform: Platform | null =
    shopifyProducts.length > 0 || shopifyMarks ? "shopify" : wpApiRoot && wooMarks ? "woocommerce" : null;
  return { platform, shopifyProducts, wpApiRoot };
}
