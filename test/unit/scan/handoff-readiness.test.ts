import { describe, expect, it } from "vitest";
import { handoffOf, handoffReadiness, pageStock, stockOf } from "../../../shared/scan/handoff/handoff-readiness";
import { runChecks } from "../../../shared/scan/run-checks";
import { challenged, html, ld, page, site } from "./site-builder";

// Issue 45: whether an agent handed off to a sampled product page lands well there.

const offer = (price: string, availability: string) =>
  ld({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kaffee",
    offers: { "@type": "Offer", price, priceCurrency: "EUR", availability: `https://schema.org/${availability}` },
  });
const cartForm =
  '<form action="/cart/add" method="post"><input type="hidden" name="id" value="1"><button type="submit">In den Warenkorb</button></form>';

describe("hand-off readiness of the sampled product pages", () => {
  it("is ready when the page answers, shows the price and availability its data states, and has an add-to-cart control", async () => {
    const ready = await page("/p/ready", html(offer("12.90", "InStock"), `<p>12,90 €</p><p>AUF LAGER</p>${cartForm}`));
    const wrongPrice = await page(
      "/p/price",
      html(offer("12.90", "InStock"), `<p>14,90 €</p><p>Auf Lager</p>${cartForm}`),
    );
    const soldOut = await page(
      "/p/sold",
      html(offer("12.90", "InStock"), `<p>12,90 €</p><p>Ausverkauft</p>${cartForm}`),
    );
    const silent = await page("/p/silent", html(offer("12.90", "InStock"), "<p>12,90 €</p>"));
    const blocked = { fetched: challenged("/p/blocked"), page: null };
    const out = handoffReadiness(site({ products: [ready, wrongPrice, soldOut, silent, blocked] }));
    expect(out?.sampled).toBe(5);
    expect(out?.ready).toBe(1);
    expect(out?.pages.map((p) => [new URL(p.url).pathname, p.ready, p.problems])).toEqual([
      ["/p/ready", true, []],
      ["/p/price", false, ["does not show its structured-data price 12.90"]],
      ["/p/sold", false, ['says "out of stock" on the page where its data says https://schema.org/InStock']],
      [
        "/p/silent",
        false,
        [
          "does not say on the page whether it is in stock (its data says https://schema.org/InStock)",
          "has no add-to-cart control",
        ],
      ],
      ["/p/blocked", false, ["answers with a Cloudflare challenge"]],
    ]);
  });

  it("reads availability in the shops' languages, out-of-stock words first", () => {
    expect(pageStock("No disponible")).toBe("out_of_stock");
    expect(pageStock("Disponible")).toBe("in_stock");
    expect(pageStock("ESGOTADO")).toBe("out_of_stock");
    expect(pageStock("在庫あり")).toBe("in_stock");
    expect(pageStock("Free shipping")).toBeNull();
    expect(stockOf("https://schema.org/PreOrder")).toBe("other");
  });

  it("goes with price_consistency's evidence and is read back from the stored checks", async () => {
    const ready = await page("/p/ready", html(offer("12.90", "InStock"), `<p>€12.90</p><p>In stock</p>${cartForm}`));
    const results = runChecks(site({ home: await page("/", html("")), products: [ready] }));
    const stored = handoffOf(results);
    expect(stored).toMatchObject({ sampled: 1, ready: 1 });
    expect(results.find((c) => c.key === "price_consistency")?.status).toBe("pass");
  });
});
