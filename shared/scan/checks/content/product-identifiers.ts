import { offersOf, stringValue } from "../../structured-data";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { productNodes } from "./product-nodes";

const GTINS = ["gtin", "gtin8", "gtin12", "gtin13", "gtin14", "mpn"];

export const productIdentifiers = defineCheck({
  key: "product_identifiers",
  layer: 4,
  weight: 2,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.map((p) => {
      const nodes = productNodes(p).flatMap((n) => [n, ...offersOf(n)]);
      const has = (keys: string[]) => nodes.some((n) => keys.some((k) => stringValue(n[k])));
      // schema.org productID carries a prefixed identifier ("sku:XA30202", "gtin13:...", "mpn:...").
      const ids = nodes.map((n) => stringValue(n.productID)?.toLowerCase() ?? "");
      const idSays = (re: RegExp) => ids.some((id) => re.test(id));
      return {
        url: p.fetched.url,
        sku: has(["sku"]) || idSays(/^sku:/),
        gtinOrMpn: has(GTINS) || idSays(/^(gtin\d*|ean|upc|isbn|mpn):/),
        brand: has(["brand"]),
      };
    });
    const complete = rows.filter((r) => r.sku && r.gtinOrMpn && r.brand).length;
    const any = rows.some((r) => r.sku || r.gtinOrMpn || r.brand);
    const evidence = { pages: rows };
    if (complete === rows.length) {
      return { status: "pass", message: "Product pages state sku, a GTIN or MPN, and brand.", evidence };
    }
    if (!any) {
      return {
        status: "fail",
        message: "Product structured data has no sku, GTIN, MPN or brand.",
        fix: 'Add "sku", "gtin13" (or "mpn") and "brand":{"@type":"Brand","name":...} to each Product.',
        evidence,
      };
    }
    const first = rows.find((r) => !(r.sku && r.gtinOrMpn && r.brand));
    const missing = first
      ? [!first.sku && "sku", !first.gtinOrMpn && "gtin/mpn", !first.brand && "brand"].filter(Boolean)
      : [];
    return {
      status: "warn",
      message: `${first?.url} lacks ${missing.join(", ")} in its Product data.`,
      fix: "Give every Product sku, a GTIN (or MPN when there is none) and brand.",
      evidence,
    };
  },
});
