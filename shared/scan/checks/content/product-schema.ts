import { stringValue } from "../../structured-data";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { productItems } from "./product-nodes";

const FIELDS = ["name", "image", "description"] as const;

export const productSchema = defineCheck({
  key: "product_schema",
  layer: 4,
  weight: 3,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.map((p) => {
      // The most complete Product of the page speaks for it.
      const best = productItems(p)
        .map((i) => ({ source: i.source, missing: FIELDS.filter((f) => !stringValue(i.node[f])) }))
        .sort((a, b) => a.missing.length - b.missing.length)[0];
      return best
        ? { url: p.fetched.url, source: best.source, missing: best.missing }
        : { url: p.fetched.url, source: null, missing: [...FIELDS] };
    });
    const evidence = { pages: rows };
    if (rows.every((r) => r.source === null)) {
      return {
        status: "fail",
        message: `No Product structured data (JSON-LD, microdata or RDFa) on ${rows.length} product page(s).`,
        fix: 'Add JSON-LD {"@type":"Product","name","image","description","offers":{...}} to every product page.',
        evidence,
      };
    }
    const incomplete = rows.filter((r) => r.source === null || r.missing.length > 0);
    if (incomplete.length === 0) {
      return {
        status: "pass",
        message: `Product structured data with name, image and description on all ${rows.length} product pages.`,
        evidence,
      };
    }
    return {
      status: "warn",
      message: `Product structured data is missing or incomplete on ${incomplete.map((r) => `${r.url} (${r.source ? `${r.source} Product without ${r.missing.join(", ")}` : "none"})`).join("; ")}.`,
      fix: "Give every Product node name, image and description.",
      evidence,
    };
  },
});
