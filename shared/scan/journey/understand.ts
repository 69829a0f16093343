import {
  itemsOfType,
  type JsonNode,
  offerCurrency,
  offerPrice,
  offersOf,
  PRODUCT_TYPES,
  stringValue,
} from "../structured-data";
import type { PageFacts } from "../types";
import type { ProductFacts } from "./types";

// "Understand" step: the facts an agent needs before buying (name, price, currency,
// availability, the id a cart takes), from the page's structured data or the
// platform's product JSON, and where two sources disagree.

function availabilityName(v: string | null): string | null {
  return v ? v.replace(/^https?:\/\/schema\.org\//i, "") : null;
}

/** From a product page's structured data (JSON-LD, microdata or RDFa: one model, structured-data.ts). */
export function productFromPage(url: string, page: PageFacts): ProductFacts | null {
  const item = itemsOfType(page, PRODUCT_TYPES)[0];
  if (item) {
    const node = item.node;
    const variants = Array.isArray(node.hasVariant) ? (node.hasVariant as JsonNode[]) : [];
    const offer = offersOf(node)[0] ?? (variants[0] ? offersOf(variants[0])[0] : undefined);
    return {
      url,
      name: stringValue(node.name),
      price: offer ? offerPrice(offer) : null,
      currency: offer ? offerCurrency(offer) : null,
      availability: availabilityName(offer ? stringValue(offer.availability) : null),
      itemId: stringValue(offer?.sku) ?? stringValue(node.sku) ?? stringValue(node.productID),
      source: item.source,
      disagreements: [],
    };
  }
  // No structured data: the heading is still what an agent reads as the product's name
  // (its price and id stay unknown, which the content checks report).
  const h1 = page.h1[0]?.trim();
  if (h1) {
    return {
      url,
      name: h1,
      price: null,
      currency: null,
      availability: null,
      itemId: null,
      source: "html",
      disagreements: [],
    };
  }
  return null;
}

export interface ShopifyProduct {
  id?: number | string;
  title?: string;
  handle?: string;
  /** `/products.json` variants carry "129.00"; `/products/{handle}.js` carries cents (12900). */
  variants?: Array<{ id?: number | string; price?: string | number; available?: boolean; title?: string }>;
}

export function productFromShopify(origin: string, p: ShopifyProduct, pricesInCents: boolean): ProductFacts {
  const variant = p.variants?.find((v) => v.available !== false) ?? p.variants?.[0];
  const raw = variant?.price;
  const price = raw === undefined ? null : pricesInCents ? (Number(raw) / 100).toFixed(2) : String(raw);
  return {
    url: p.handle ? `${origin}/products/${p.handle}` : null,
    name: p.title ?? null,
    price,
    currency: null, // neither Shopify product JSON states the currency
    availability: variant ? (variant.available === false ? "OutOfStock" : "InStock") : null,
    itemId: variant?.id !== undefined ? String(variant.id) : null,
    source: "shopify_json",
    disagreements: [],
  };
}

export interface WooStoreProduct {
  id?: number;
  name?: string;
  permalink?: string;
  is_purchasable?: boolean;
  is_in_stock?: boolean;
  prices?: { price?: string; currency_code?: string; currency_minor_unit?: number };
}

export function productFromWoo(p: WooStoreProduct): ProductFacts {
  const minor = p.prices?.currency_minor_unit ?? 2;
  const price = p.prices?.price !== undefined ? (Number(p.prices.price) / 10 ** minor).toFixed(minor) : null;
  return {
    url: p.permalink ?? null,
    name: p.name ?? null,
    price,
    currency: p.prices?.currency_code ?? null,
    availability: p.is_in_stock === false ? "OutOfStock" : p.is_in_stock ? "InStock" : null,
    itemId: p.id !== undefined ? String(p.id) : null,
    source: "woo_store_api",
    disagreements: [],
  };
}

function sameAmount(a: string, b: string): boolean {
  const n = (s: string) =>
    Number(
      s
        .replace(/[^\d.,]/g, "")
        .replace(/,(\d{2})$/, ".$1")
        .replace(/,/g, ""),
    );
  return Math.abs(n(a) - n(b)) < 0.005;
}

/**
 * The page's facts completed by the platform's: the platform's id wins (it is what its
 * cart takes), and every fact both state differently is listed.
 */
export function reconcile(page: ProductFacts | null, platform: ProductFacts | null): ProductFacts | null {
  if (!page) return platform;
  if (!platform) return page;
  const disagreements: string[] = [];
  if (page.name && platform.name && page.name.trim().toLowerCase() !== platform.name.trim().toLowerCase()) {
    disagreements.push(`name: page "${page.name}", ${platform.source} "${platform.name}"`);
  }
  if (page.price && platform.price && !sameAmount(page.price, platform.price)) {
    disagreements.push(`price: page ${page.price}, ${platform.source} ${platform.price}`);
  }
  if (page.currency && platform.currency && page.currency !== platform.currency) {
    disagreements.push(`currency: page ${page.currency}, ${platform.source} ${platform.currency}`);
  }
  if (page.availability && platform.availability && page.availability !== platform.availability) {
    disagreements.push(`availability: page ${page.availability}, ${platform.source} ${platform.availability}`);
  }
  return {
    url: page.url ?? platform.url,
    name: page.name ?? platform.name,
    price: page.price ?? platform.price,
    currency: page.currency ?? platform.currency,
    availability: page.availability ?? platform.availability,
    itemId: platform.itemId ?? page.itemId,
    source: page.source,
    disagreements,
  };
}

export function inStock(p: ProductFacts): boolean {
  return !p.availability || !/OutOfStock|SoldOut|Discontinued/i.test(p.availability);
}
