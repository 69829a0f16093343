import { offerPrice, offersOf } from "../../structured-data";
import type { CheckDefinition } from "../../types";
import { isOutcome, productPages } from "../check-helpers";
import { amountsIn } from "./price-text";
import { productNodes } from "./product-nodes";

export const priceConsistency: CheckDefinition = {
  key: "price_consistency",
  layer: 4,
  weight: 2,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.flatMap((p) => {
      const price =
        productNodes(p)
          .flatMap(offersOf)
          .map(offerPrice)
          .find((x) => x !== null) ?? null;
      if (price === null) return [];
      const text = p.page?.text ?? "";
      const exact = text.includes(price);
      const numeric = amountsIn(text).some((n) => Math.abs(n - Number(price)) < 0.005);
      return [{ url: p.fetched.url, price, exact, numeric }];
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
    const mismatch = rows.find((r) => !r.numeric);
    if (mismatch) {
      return {
        status: "fail",
        message: `${mismatch.url}: the structured-data price ${mismatch.price} does not appear in the visible text.`,
        fix: "Keep the structured-data price and the displayed price the same (render both from one source).",
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
  },
};
