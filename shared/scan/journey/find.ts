import { percentDecodeOrKeep } from "../../encoding/percent-decode";
import { extractPage } from "../html/extract-page";
import { looksLikeProduct, resolveOnSite, sortedUnique } from "../url-patterns";
import type { JourneyContext } from "./context";
import { readForms } from "./forms";
import type { FindResult, ProductFacts } from "./types";
import {
  inStock,
  productFromPage,
  productFromShopify,
  productFromWoo,
  reconcile,
  type ShopifyProduct,
  type WooStoreProduct,
} from "./understand";

// "Find" and "understand": a product the ways an agent finds one (the crawl's links and
// sitemap, the site search, the platform's product JSON), its facts read from the page
// and the platform, the first in-stock one kept. The search is judged (does it return
// product links?) for `search_form`; it costs one request.

const STOP = new Set(["the", "and", "for", "with", "von", "und", "der", "die", "das", "les", "des"]);

function searchWord(name: string): string | null {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP.has(w) && !/^\d+$/.test(w));
  return words[0] ?? null;
}

/** The Shopify product handle in a product page URL; a malformed escape in it is kept as written. */
export function shopifyHandleOf(url: string): string | null {
  const m = /\/products\/([^/?#]+)/.exec(new URL(url).pathname);
  return m ? percentDecodeOrKeep(m[1]) : null;
}

export async function findProduct(ctx: JourneyContext): Promise<FindResult> {
  const { site, client, platform } = ctx;
  const result: FindResult = { via: null, search: null, feeds: [] };

  // 1. Product pages the crawl reached through links or the sitemap.
  const d = site.discovery;
  const linked = new Set([...d.productLinksHome, ...d.productLinksCategory]);
  let chosen: ProductFacts | null = null;
  // A home page that is itself a product page (discovery says so) comes first.
  const visits = [...(d.homeIsProduct && site.home ? [site.home] : []), ...site.products];
  for (const visit of visits) {
    if (!visit.page) continue;
    const facts = productFromPage(visit.fetched.finalUrl, visit.page);
    if (facts && inStock(facts)) {
      chosen = facts;
      result.via = visit === site.home || linked.has(visit.fetched.url) ? "links" : "sitemap";
      break;
    }
  }

  // 2. The platform's product JSON completes (or replaces) what the page says.
  let platformFacts: ProductFacts | null = null;
  if (platform.platform === "shopify") {
    const pj = site.files["/products.json"];
    if (pj) {
      result.feeds.push({
        url: pj.url,
        status: pj.status,
        products: platform.shopifyProducts.length,
        refused: pj.robotsBlocked ? pj.error : null,
      });
    }
    const handle = chosen?.url ? shopifyHandleOf(chosen.url) : null;
    const listed: ShopifyProduct | undefined = handle
      ? platform.shopifyProducts.find((p) => p.handle === handle)
      : platform.shopifyProducts.find((p) => p.variants?.some((v) => v.available !== false));
    if (listed) {
      platformFacts = productFromShopify(ctx.origin, listed, false);
    } else if (handle) {
      // No /products.json: Shopify's Ajax product endpoint, /products/{handle}.js
      // (https://shopify.dev/docs/api/ajax/reference/product), prices in cents.
      const res = await client.request(`${ctx.origin}/products/${encodeURIComponent(handle)}.js`, {
        accept: "application/json",
      });
      noteChallenge(ctx, res);
      let products = 0;
      if (res.status === 200) {
        try {
          platformFacts = productFromShopify(ctx.origin, JSON.parse(res.body) as ShopifyProduct, true);
          products = 1;
        } catch {
          platformFacts = null;
        }
      }
      result.feeds.push({ url: res.url, status: res.status, products, refused: res.refused?.reason ?? null });
    }
  } else if (platform.wpApiRoot) {
    // WooCommerce Store API product listing, public and unauthenticated
    // (https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/products).
    const url = `${platform.wpApiRoot}wc/store/v1/products?per_page=10`;
    const res = await client.request(url, { accept: "application/json" });
    noteChallenge(ctx, res);
    let list: WooStoreProduct[] = [];
    if (res.status === 200) {
      try {
        const parsed = JSON.parse(res.body);
        list = Array.isArray(parsed) ? (parsed as WooStoreProduct[]) : [];
      } catch {
        list = [];
      }
    }
    result.feeds.push({ url, status: res.status, products: list.length, refused: res.refused?.reason ?? null });
    if (list.length > 0) ctx.platform.platform = "woocommerce";
    const name = chosen?.name?.trim().toLowerCase();
    const match =
      (chosen?.url && list.find((p) => p.permalink && sameUrl(p.permalink, chosen?.url ?? ""))) ||
      (name ? list.find((p) => p.name?.trim().toLowerCase() === name) : undefined) ||
      (!chosen ? list.find((p) => p.is_purchasable !== false && p.is_in_stock !== false) : undefined);
    if (match) platformFacts = productFromWoo(match);
  }

  if (!chosen && platformFacts) result.via = "platform_api";
  ctx.product = reconcile(chosen, platformFacts);
  return result;
}

function sameUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.pathname.replace(/\/$/, "") === y.pathname.replace(/\/$/, "");
  } catch {
    return false;
  }
}

export function noteChallenge(
  ctx: Pick<JourneyContext, "challenge">,
  res: { challenge: string | null; url: string },
): void {
  if (res.challenge && !ctx.challenge) ctx.challenge = { vendor: res.challenge, url: res.url };
}

/**
 * The site search, submitted with a word from the understood product's name (null when
 * there is no product or no home page). Nothing else waits for it, so the journey runs
 * it alongside the cart paths.
 */
export async function searchSite(ctx: JourneyContext): Promise<FindResult["search"]> {
  const word = ctx.product?.name ? searchWord(ctx.product.name) : null;
  if (!word || !ctx.site.home?.page) return null;
  return submitSearch(ctx, word);
}

async function submitSearch(ctx: JourneyContext, word: string): Promise<NonNullable<FindResult["search"]>> {
  const home = ctx.site.home;
  const base = home?.fetched.finalUrl ?? `${ctx.origin}/`;
  const forms = await readForms(home?.fetched.body ?? "");
  // A search form is a GET navigation, not a state change; only GET search forms are used.
  const form = forms.find((f) => f.method === "get" && (f.search || f.role === "search"));
  if (!form) return { url: "", status: 0, word, productLinks: 0, refused: "no GET search form" };
  let target: URL;
  try {
    target = new URL(form.action || base, base);
  } catch {
    return { url: "", status: 0, word, productLinks: 0, refused: "unusable form action" };
  }
  const queryName =
    form.fields.find((f) => f.name === "q")?.name ??
    form.fields.find((f) => /^(q|s|query|search|keywords?|term)$/i.test(f.name))?.name ??
    "q";
  const params = new URLSearchParams();
  for (const f of form.fields) params.append(f.name, f.name === queryName ? word : f.value);
  if (!form.fields.some((f) => f.name === queryName)) params.append(queryName, word);
  target.search = params.toString();
  const res = await ctx.client.request(target.href, { side: true, background: true });
  noteChallenge(ctx, res);
  let links: string[] = [];
  if (res.status >= 200 && res.status < 300 && !res.challenge) {
    const page = await extractPage(res.body).catch(() => null);
    links = sortedUnique(
      (page?.links ?? [])
        .map((l) => resolveOnSite(l.href, res.finalUrl, (u) => ctx.client.onSite(u)))
        .filter((u): u is URL => !!u && looksLikeProduct(u))
        .map((u) => u.href),
    );
  }
  return {
    url: target.href,
    status: res.status,
    word,
    productLinks: links.length,
    refused: res.refused?.reason ?? null,
  };
}
