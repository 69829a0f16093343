import { describe, expect, it } from "vitest";
import { offerSchema } from "../../../shared/scan/checks/content/offer-schema";
import { priceConsistency } from "../../../shared/scan/checks/content/price-consistency";
import { amountsIn, isSchemaPrice, priceInText, readPrice } from "../../../shared/scan/checks/content/price-text";
import { serverRenderedContent } from "../../../shared/scan/checks/content/server-rendered-content";
import { productFromPage } from "../../../shared/scan/journey/understand";
import { offerCurrency, offerPrice } from "../../../shared/scan/structured-data";
import type { CheckDefinition } from "../../../shared/scan/types";
import { html, ld, page, site } from "./site-builder";

// Prices as shops write them and as Google's merchant listings price an Offer (issue 27).

async function onProduct(check: CheckDefinition, head: string, body: string) {
  const product = await page("/products/0", html(head, body));
  return check.run(site({ home: await page("/", html("")), products: [product] }));
}

describe("written prices (CLDR separators and currency words via Intl)", () => {
  it("reads decimal commas, group separators of many locales and whole-amount dashes", () => {
    expect(amountsIn("36,00 EUR")).toEqual([36]);
    expect(amountsIn("1.299,00 €")).toEqual([1299]);
    expect(amountsIn("$1,299.50")).toEqual([1299.5]);
    expect(amountsIn("1\u00a0299,00\u00a0zł")).toEqual([1299]);
    expect(amountsIn("1\u202f299,90 €")).toEqual([1299.9]);
    expect(amountsIn("CHF 1’299.50")).toEqual([1299.5]);
    expect(amountsIn("129,-")).toEqual([129]);
  });

  it("finds a price where a currency word or sign stands next to an amount", () => {
    for (const t of ["36,00 EUR", "49 euros", "€ 12", "12,50 €", "kr 199", "199 kr.", "1 299 Kč", "Fr. 20.–", "US$5"]) {
      expect(priceInText(`Now ${t} only`), t).toBe(true);
    }
    expect(priceInText("Order 2 items, 3 colours")).toBe(false);
  });

  it("tells a schema.org price from one written for people", () => {
    expect(isSchemaPrice("129.00")).toBe(true);
    expect(isSchemaPrice("129")).toBe(true);
    expect(isSchemaPrice("36,00 EUR")).toBe(false);
    expect(isSchemaPrice("1,299.00")).toBe(false);
    expect(readPrice("36,00 EUR")).toBe(36);
    expect(readPrice("call us")).toBeNull();
  });
});

describe("price_consistency keeps 'not a valid schema.org price' apart from 'not on the page'", () => {
  const micro = (price: string) =>
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak Table</h1>
     <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span>
     <meta itemprop="priceCurrency" content="EUR"></div></div>`;

  it("warns (not fails) on a microdata price 36,00 EUR shown verbatim", async () => {
    const out = await onProduct(priceConsistency, "", micro("36,00 EUR"));
    expect(out.status).toBe("warn");
    expect(out.message).toContain('the price "36,00 EUR" is on the page, but it is not a valid schema.org price');
    expect(out.fix).toContain('"price":"36.00"');
  });

  it("fails when the price is not on the page, and when it is no amount at all", async () => {
    const elsewhere = await onProduct(
      priceConsistency,
      ld({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Oak Table",
        offers: { "@type": "Offer", price: "36,00", priceCurrency: "EUR" },
      }),
      "<p>€ 41,00</p>",
    );
    expect(elsewhere.status).toBe("fail");
    expect(elsewhere.message).toContain("does not appear in the visible text");
    const words = await onProduct(priceConsistency, "", micro("on request"));
    expect(words.status).toBe("fail");
    expect(words.message).toContain('"on request" is not an amount');
  });

  it("does not count a price that only a hidden element shows", async () => {
    const out = await onProduct(
      priceConsistency,
      ld({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Oak Table",
        offers: { "@type": "Offer", price: "49.90", priceCurrency: "EUR" },
      }),
      "<h1>Oak Table</h1><span hidden>49.90</span>",
    );
    expect(out.status).toBe("fail");
  });
});

describe("an Offer priced through a list of PriceSpecifications (Google's member-price pattern)", () => {
  // developers.google.com/search/docs/appearance/structured-data/merchant-listing "Pricing":
  // the selling price has neither priceType nor validForMemberTier.
  const offer = {
    "@type": "Offer",
    availability: "https://schema.org/InStock",
    priceSpecification: [
      {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/StrikethroughPrice",
        price: 12.99,
        priceCurrency: "USD",
      },
      {
        "@type": "UnitPriceSpecification",
        price: 9.49,
        priceCurrency: "USD",
        validForMemberTier: { "@type": "MemberProgramTier", "@id": "https://shop.example/member#silver" },
      },
      { "@type": "UnitPriceSpecification", price: 10.49, priceCurrency: "USD" },
    ],
  };
  const product = { "@context": "https://schema.org", "@type": "Product", name: "Anvil", sku: "A-1", offers: offer };

  it("yields the selling price and its currency", async () => {
    expect(offerPrice(offer)).toBe("10.49");
    expect(offerCurrency(offer)).toBe("USD");
    const read = (await page("/p/anvil", html(ld(product), "<h1>Anvil</h1>"))).page;
    if (!read) throw new Error("the product page was not read");
    const facts = productFromPage("https://shop.example/p/anvil", read);
    expect(facts).toMatchObject({ name: "Anvil", price: "10.49", currency: "USD" });
  });

  it("passes offer_schema and price_consistency on it", async () => {
    expect((await onProduct(offerSchema, ld(product), "<h1>Anvil</h1><p>$10.49</p>")).status).toBe("pass");
    expect((await onProduct(priceConsistency, ld(product), "<h1>Anvil</h1><p>$10.49</p>")).status).toBe("pass");
  });
});

describe("server_rendered_content wants the product's own visible price", () => {
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Oak Table",
    offers: { "@type": "Offer", price: "189.00", priceCurrency: "EUR" },
  };

  it("warns when the only price-like text is a shipping fee in a hidden tooltip and the price is script-loaded", async () => {
    const body = `<h1>Oak Table</h1><div class="price" data-price-loader></div>
      <span role="tooltip" class="tip">Shipping from €4.95</span><p hidden>Shipping €4.95</p>`;
    const withData = await onProduct(serverRenderedContent, ld(product), body);
    expect(withData.status).toBe("warn");
    expect(withData.message).toContain("not its price (189.00)");
    const without = await onProduct(serverRenderedContent, "", body);
    expect(without.status).toBe("warn");
  });

  it("passes when the product's price is shown, in the shop's own format", async () => {
    expect((await onProduct(serverRenderedContent, ld(product), "<h1>Oak Table</h1><p>189,00 €</p>")).status).toBe(
      "pass",
    );
  });
});
