import { describe, expect, it } from "vitest";
import { breadcrumbSchema } from "../../../shared/scan/checks/content/breadcrumb-schema";
import { markdownAlternates } from "../../../shared/scan/checks/content/markdown-alternates";
import { offerSchema } from "../../../shared/scan/checks/content/offer-schema";
import { pageWeight } from "../../../shared/scan/checks/content/page-weight";
import { priceConsistency } from "../../../shared/scan/checks/content/price-consistency";
import { productIdentifiers } from "../../../shared/scan/checks/content/product-identifiers";
import { productSchema } from "../../../shared/scan/checks/content/product-schema";
import { serverRenderedContent } from "../../../shared/scan/checks/content/server-rendered-content";
import { structuredDataValid } from "../../../shared/scan/checks/content/structured-data-valid";
import type { CheckDefinition } from "../../../shared/scan/types";
import { fetched, html, ld, page, site, text } from "./site-builder";

const ctx = { "@context": "https://schema.org" };
const offer = { "@type": "Offer", price: "1299.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" };
const product = (extra: Record<string, unknown> = {}) => ({
  ...ctx,
  "@type": "Product",
  name: "Oak Table",
  image: "https://shop.example/t.jpg",
  description: "Solid oak",
  offers: offer,
  ...extra,
});

async function onProducts(check: CheckDefinition, ...pages: Array<{ head?: string; body?: string }>) {
  const products = await Promise.all(pages.map((p, i) => page(`/products/${i}`, html(p.head ?? "", p.body ?? ""))));
  return check.run(site({ home: await page("/", html("")), products }));
}

describe("server_rendered_content", () => {
  it("passes when the product name and a price are in the raw HTML", async () => {
    expect((await onProducts(serverRenderedContent, { body: "<h1>Oak Table</h1><p>€1,299.00</p>" })).status).toBe(
      "pass",
    );
  });
  it("warns when the name shows but no price", async () => {
    expect((await onProducts(serverRenderedContent, { head: ld(product()), body: "<h2>Oak Table</h2>" })).status).toBe(
      "warn",
    );
  });
  it("fails on an empty application shell", async () => {
    const out = await onProducts(serverRenderedContent, { body: '<div id="__next"></div>' });
    expect(out.status).toBe("fail");
  });
});

describe("product_schema", () => {
  it("passes with name, image and description (JSON-LD or microdata)", async () => {
    expect((await onProducts(productSchema, { head: ld(product()) })).status).toBe("pass");
    const micro =
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name" content="T"></span><img itemprop="image" src="/t.jpg"><meta itemprop="description" content="d"></div>';
    expect((await onProducts(productSchema, { body: micro })).status).toBe("pass");
  });
  it("warns when a field is missing", async () => {
    const out = await onProducts(productSchema, { head: ld(product({ image: undefined })) });
    expect(out.status).toBe("warn");
    expect(out.message).toContain("without image");
  });
  it("fails without Product data", async () => {
    expect((await onProducts(productSchema, { head: ld({ ...ctx, "@type": "WebPage" }) })).status).toBe("fail");
  });
});

describe("offer_schema", () => {
  it("passes with price, ISO 4217 currency and schema.org availability", async () => {
    expect((await onProducts(offerSchema, { head: ld(product()) })).status).toBe("pass");
  });
  it("warns when fields are missing or malformed", async () => {
    const bad = product({ offers: { "@type": "Offer", price: "10", priceCurrency: "euro", availability: "InStock" } });
    const out = await onProducts(offerSchema, { head: ld(bad) });
    expect(out.status).toBe("warn");
    expect(out.message).toContain("priceCurrency (ISO 4217), availability (schema.org URL)");
  });
  it("fails without offers", async () => {
    expect((await onProducts(offerSchema, { head: ld(product({ offers: undefined })) })).status).toBe("fail");
  });
});

describe("product_identifiers", () => {
  it("passes with sku, a GTIN or MPN, and brand", async () => {
    const p = product({ sku: "T-1", mpn: "M-1", brand: { "@type": "Brand", name: "Oakly" } });
    expect((await onProducts(productIdentifiers, { head: ld(p) })).status).toBe("pass");
  });
  it("warns with some", async () => {
    expect((await onProducts(productIdentifiers, { head: ld(product({ sku: "T-1" })) })).status).toBe("warn");
  });
  it("fails with none", async () => {
    expect((await onProducts(productIdentifiers, { head: ld(product()) })).status).toBe("fail");
  });
});

describe("breadcrumb_schema", () => {
  const crumbs = ld({ ...ctx, "@type": "BreadcrumbList", itemListElement: [] });
  it("passes on every product page", async () => {
    expect((await onProducts(breadcrumbSchema, { head: crumbs }, { head: crumbs })).status).toBe("pass");
  });
  it("warns on some", async () => {
    expect((await onProducts(breadcrumbSchema, { head: crumbs }, {})).status).toBe("warn");
  });
  it("fails on none", async () => {
    expect((await onProducts(breadcrumbSchema, {})).status).toBe("fail");
  });
});

describe("structured_data_valid", () => {
  it("passes when every block parses with a schema.org context and a type", async () => {
    expect((await onProducts(structuredDataValid, { head: ld(product()) })).status).toBe("pass");
  });
  it("warns when a block lacks @context or @type", async () => {
    expect((await onProducts(structuredDataValid, { head: ld({ "@type": "Product", name: "x" }) })).status).toBe(
      "warn",
    );
  });
  it("fails on invalid JSON or no structured data", async () => {
    const out = await onProducts(structuredDataValid, {
      head: '<script type="application/ld+json">{"@type": "Product",}</script>',
    });
    expect(out.status).toBe("fail");
    expect(out.message).toContain("not valid JSON");
    expect((await onProducts(structuredDataValid, {})).status).toBe("fail");
  });
});

describe("price_consistency", () => {
  it("passes when the JSON-LD price appears verbatim", async () => {
    expect((await onProducts(priceConsistency, { head: ld(product()), body: "<p>€1299.00</p>" })).status).toBe("pass");
  });
  it("warns when only the formatting differs", async () => {
    expect((await onProducts(priceConsistency, { head: ld(product()), body: "<p>1.299,00 €</p>" })).status).toBe(
      "warn",
    );
    expect((await onProducts(priceConsistency, { head: ld(product()), body: "<p>$1,299</p>" })).status).toBe("warn");
  });
  it("fails on a different price or nothing to compare", async () => {
    expect((await onProducts(priceConsistency, { head: ld(product()), body: "<p>€1,199.00</p>" })).status).toBe("fail");
    expect((await onProducts(priceConsistency, { body: "<p>€1,199.00</p>" })).status).toBe("fail");
  });
});

describe("page_weight", () => {
  const weigh = async (bytes: number, truncated = false) => {
    const products = [await page("/products/a", html(""), { bytes, truncated })];
    return pageWeight.run(site({ products })).status;
  };
  it("passes at 500 KB, warns to 2 MB, fails beyond or when truncated", async () => {
    expect(await weigh(500 * 1024)).toBe("pass");
    expect(await weigh(500 * 1024 + 1)).toBe("warn");
    expect(await weigh(2 * 1024 * 1024)).toBe("warn");
    expect(await weigh(2 * 1024 * 1024, true)).toBe("fail");
  });
});

describe("markdown_alternates", () => {
  it("passes with rel=alternate text/markdown, .md links or Accept: text/markdown", async () => {
    const home = await page("/", html('<link rel="alternate" type="text/markdown" href="/index.md">'));
    expect(markdownAlternates.run(site({ home })).status).toBe("pass");
    const probe = fetched("/", { contentType: "text/markdown; charset=utf-8", body: "# Shop" });
    expect(markdownAlternates.run(site({ home: await page("/", html("")), markdownProbe: probe })).status).toBe("pass");
  });
  it("warns when only llms.txt exists", async () => {
    const out = markdownAlternates.run(site({ home: await page("/", html("")), llms: text("/llms.txt", "# Shop") }));
    expect(out.status).toBe("warn");
  });
  it("fails with nothing", async () => {
    const probe = fetched("/", { body: "<html></html>" });
    expect(markdownAlternates.run(site({ home: await page("/", html("")), markdownProbe: probe })).status).toBe("fail");
  });
});
