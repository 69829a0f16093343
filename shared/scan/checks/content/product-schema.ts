import { stringValue } from "../../structured-data";
import type { CheckDefinition } from "../../types";
import { isOutcome, productPages } from "../check-helpers";
import { hasMicrodataProduct, productNodes } from "./product-nodes";

const FIELDS = ["name", "image", "description"] as const;

export const productSchema: CheckDefinition = {
  key: "product_schema",
  layer: 4,
  weight: 3,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.map((p) => {
      const node = productNodes(p)[0];
      if (node) return { url: p.fetched.url, source: "json-ld", missing: FIELDS.filter((f) => !stringValue(node[f])) };
      if (hasMicrodataProduct(p)) {
        const props = p.page?.itemprops ?? {};
        return { url: p.fetched.url, source: "microdata", missing: FIELDS.filter((f) => !(f in props)) };
      }
      return { url: p.fetched.url, source: null, missing: [...FIELDS] };
    });
    const evidence = { pages: rows };
    if (rows.every((r) => r.source === null)) {
      return {
        status: "fail",
        message: `No Product structured data on ${rows.length} product page(s).`,
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
      message: `Product structured data is missing or incomplete on ${incomplete.map((r) => `${r.url} (${r.source ? `no ${r.missing.join(", ")}` : "none"})`).join("; ")}.`,
      fix: "Give every Product node name, image and description.",
      evidence,
    };
  },
};
