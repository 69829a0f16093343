import { offerCurrency, offerPrice, offersOf, stringValue } from "../../structured-data";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { productNodes } from "./product-nodes";

// priceCurrency is ISO 4217 alphabetic (three capital letters); availability is a
// schema.org ItemAvailability URL (https://schema.org/InStock).
const CURRENCY = /^[A-Z]{3}$/;
const AVAILABILITY = /^https?:\/\/schema\.org\/[A-Za-z]+$/;

export const offerSchema = defineCheck({
  key: "offer_schema",
  layer: 4,
  weight: 3,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const offers = pages.flatMap((p) =>
      productNodes(p)
        .flatMap(offersOf)
        .map((o) => ({ url: p.fetched.url, o })),
    );
    if (offers.length === 0) {
      return {
        status: "fail",
        message: "Product structured data carries no offers (price, currency, availability).",
        fix: 'Add "offers":{"@type":"Offer","price":"129.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}.',
        evidence: { offers: 0 },
      };
    }
    const rows = offers.map(({ url, o }) => {
      const price = offerPrice(o);
      const currency = offerCurrency(o);
      const availability = stringValue(o.availability);
      const missing = [
        price === null || Number.isNaN(Number(price)) ? "price" : null,
        !currency || !CURRENCY.test(currency) ? "priceCurrency (ISO 4217)" : null,
        !availability || !AVAILABILITY.test(availability) ? "availability (schema.org URL)" : null,
      ].filter((x): x is string => x !== null);
      return { url, price, currency, availability, missing };
    });
    const bad = rows.filter((r) => r.missing.length > 0);
    const evidence = { offers: rows };
    if (bad.length === 0) {
      return {
        status: "pass",
        message: `${rows.length === 1 ? "The one offer carries" : `All ${rows.length} offers carry`} price, ISO 4217 currency and schema.org availability.`,
        evidence,
      };
    }
    return {
      status: "warn",
      message: `Offers on ${bad[0].url} lack a valid ${bad[0].missing.join(", ")}.`,
      fix: 'Use "price":"129.00", "priceCurrency":"EUR" and "availability":"https://schema.org/InStock".',
      evidence,
    };
  },
});
