import { describe, expect, inject, it } from "vitest";
import { extractPage } from "../../../shared/scan/html/extract-page";
import {
  declaresProduct,
  nodesOfType,
  offerPrice,
  offersOf,
  PRODUCT_TYPES,
  stringValue,
} from "../../../shared/scan/structured-data";

// Every HTML page of ../shared/data/real-shops (when present) is read without a problem and
// yields the products and offers it declares. What a page declares is counted from its raw
// markup independently of the extractor: each `itemscope` element whose itemtype is
// schema.org Product or Offer, and each JSON-LD block naming one.

const pages = Object.entries(JSON.parse(inject("realShopPages") || "{}") as Record<string, string>);

function declared(html: string, type: string): number {
  const microdata = [
    ...html.matchAll(/<[a-z][^>]*\bitemtype=["']https?:\/\/schema\.org\/([A-Za-z]+)["'][^>]*>/gi),
  ].filter((m) => m[1] === type && /\bitemscope\b/i.test(m[0])).length;
  const rdfa = [...html.matchAll(/\btypeof=["'](?:schema:)?([A-Za-z]+)["']/g)].filter((m) => m[1] === type).length;
  const jsonLd = [...html.matchAll(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)].filter((m) =>
    new RegExp(`"@type"\\s*:\\s*"${type}"`).test(m[1]),
  ).length;
  return microdata + rdfa + jsonLd;
}

describe.skipIf(pages.length === 0)("the real-shop HTML corpus (../shared/data/real-shops)", () => {
  it.each(pages)("%s parses with no problem and yields its declared products and offers", async (_name, html) => {
    const page = await extractPage(html);
    expect(page.problems).toEqual([]);
    const products = nodesOfType(page, PRODUCT_TYPES);
    const offers = nodesOfType(page, ["Offer"]);
    expect(products).toHaveLength(declared(html, "Product"));
    expect(offers).toHaveLength(declared(html, "Offer"));
    for (const product of products) {
      expect(stringValue(product.name), "product name").toBeTruthy();
      // Every declared Offer is reached from its Product, with a numeric price and a currency.
      for (const offer of offersOf(product)) {
        expect(Number(offerPrice(offer))).toBeGreaterThan(0);
        expect(stringValue(offer.priceCurrency)).toMatch(/^[A-Z]{3}$/);
      }
      expect(offersOf(product)).toHaveLength(offers.length);
    }
    expect(declaresProduct(page)).toBe(products.length > 0);
  });
});
