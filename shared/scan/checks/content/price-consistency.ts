import { handoffReadiness } from "../../handoff/handoff-readiness";
import { offerPrice, offersOf } from "../../structured-data";
import type { CheckOutcome, SiteSnapshot } from "../../types";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { amountsIn, isSchemaPrice, readPrice } from "./price-text";
import { productNodes } from "./product-nodes";

// Two questions kept apart (issue 27): is the structured-data price on the page at all
// (fail when not), and is it written as schema.org asks (digits and a full stop, the
// currency in priceCurrency: warn when a shop wrote `36,00 EUR`, which a reader of the
// markup must guess at). A price that cannot be read as an amount at all is a third case.
export const priceConsistency = defineCheck({
  key: "price_consistency",
  layer: 4,
  weight: 2,
  run(site) {
    // Hand-off readiness of the sampled product pages goes with every outcome as evidence
    // (issue 45, handoff/handoff-readiness.ts); it moves no status.
    const outcome = judgePrices(site);
    const handoff = handoffReadiness(site);
    return handoff ? { ...outcome, evidence: { ...(outcome.evidence ?? {}), handoff } } : outcome;
  },
});

function judgePrices(site: SiteSnapshot): CheckOutcome {
  const pages = productPages(site);
  if (isOutcome(pages)) return pages;
  const rows = pages.flatMap((p) => {
    const price =
      productNodes(p)
        .flatMap(offersOf)
        .map(offerPrice)
        .find((x) => x !== null) ?? null;
    if (price === null) return [];
    const text = p.page?.visibleText ?? p.page?.text ?? "";
    const amount = readPrice(price);
    const exact = text.includes(price);
    const numeric = exact || (amount !== null && amountsIn(text).some((n) => Math.abs(n - amount) < 0.005));
    return [{ url: p.fetched.url, price, amount, schemaPrice: isSchemaPrice(price), exact, numeric }];
  });
  const evidence = { pages: rows };
  if (rows.length === 0) {
    return {
      status: "fail",
      message: "No structured-data price (JSON-LD, microdata or RDFa Offer) to compare with the visible price.",
      fix: "Publish the price in Offer JSON-LD matching the price shown on the page.",
      evidence,
    };
  }
  const unreadable = rows.find((r) => r.amount === null);
  if (unreadable) {
    return {
      status: "fail",
      message: `${unreadable.url}: the structured-data price "${unreadable.price}" is not an amount.`,
      fix: 'Write the price as digits with a full stop for decimals ("129.00") and the currency in priceCurrency.',
      evidence,
    };
  }
  const mismatch = rows.find((r) => !r.numeric);
  if (mismatch) {
    return {
      status: "fail",
      message: `${mismatch.url}: the structured-data price ${mismatch.price} does not appear in the visible text.`,
      fix: "Keep the structured-data price and the displayed price the same (render both from one source).",
      evidence,
    };
  }
  const notSchema = rows.find((r) => !r.schemaPrice);
  if (notSchema) {
    const schemaForm = notSchema.amount?.toFixed(2) ?? "129.00";
    return {
      status: "warn",
      message: `${notSchema.url}: the price "${notSchema.price}" is on the page, but it is not a valid schema.org price (read as ${schemaForm}).`,
      fix: `Write "price":"${schemaForm}" (digits, a full stop for decimals, no separators) and the currency in priceCurrency.`,
      evidence,
    };
  }
  const formatted = rows.find((r) => !r.exact);
  if (formatted) {
    return {
      status: "warn",
      message: `${formatted.url}: the price ${formatted.price} appears in the text only in a different format.`,
      fix: "Fine for people; for exact matching show the price as the structured data states it (e.g. 129.00).",
      evidence,
    };
  }
  return {
    status: "pass",
    message: `The structured-data price appears verbatim in the visible text on ${rows.length} product page(s).`,
    evidence,
  };
}
