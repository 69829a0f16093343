import { offersOf, stringValue } from "../../structured-data";
import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";
import { readGtin } from "./gtin";
import { productNodes } from "./product-nodes";

const GTIN_KEYS = ["gtin", "gtin8", "gtin12", "gtin13", "gtin14"];
/** A productID prefix that says which identifier follows ("gtin13:4006381333931"). */
const PREFIXED_GTIN = /^(gtin\d*|ean|upc|isbn):\s*(.+)$/;

interface Refused {
  key: string;
  value: string;
  reason: string;
}

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
      // Every GTIN stated, as property or prefixed productID, checked by GS1's rules: a
      // placeholder (0000000000000) or a wrong check digit is no identifier (issue 45).
      const stated = [
        ...nodes.flatMap((n) =>
          GTIN_KEYS.map((k) => ({ key: k, value: stringValue(n[k]) })).filter(
            (x): x is { key: string; value: string } => !!x.value,
          ),
        ),
        ...ids.flatMap((id) => {
          const m = PREFIXED_GTIN.exec(id);
          return m ? [{ key: `productID ${m[1]}`, value: m[2] }] : [];
        }),
      ];
      const refused: Refused[] = [];
      let gtin = false;
      for (const s of stated) {
        // An ISBN-10 (ten characters, X allowed last) is a book's identifier of its own.
        const isbn10 = s.key.endsWith("isbn") && /^\d{9}[\dx]$/.test(s.value.replace(/[\s-]/g, ""));
        const verdict = isbn10 ? { ok: true as const } : readGtin(s.value);
        if (verdict.ok) gtin = true;
        else refused.push({ ...s, reason: verdict.reason });
      }
      return {
        url: p.fetched.url,
        sku: has(["sku"]) || idSays(/^sku:/),
        gtinOrMpn: gtin || has(["mpn"]) || idSays(/^mpn:/),
        brand: has(["brand"]),
        ...(refused.length ? { refused } : {}),
      };
    });
    const refusals = rows.flatMap((r) => (r.refused ?? []).map((x) => ({ url: r.url, ...x })));
    const why = refusals.length
      ? ` ${refusals.map((x) => `${x.url} states ${x.key} "${x.value}", which is no GTIN: ${x.reason}.`).join(" ")}`
      : "";
    const complete = rows.filter((r) => r.sku && r.gtinOrMpn && r.brand).length;
    const any = rows.some((r) => r.sku || r.gtinOrMpn || r.brand);
    const evidence = { pages: rows };
    if (complete === rows.length) {
      return { status: "pass", message: `Product pages state sku, a GTIN or MPN, and brand.${why}`, evidence };
    }
    if (!any) {
      return {
        status: "fail",
        message: `Product structured data has no sku, GTIN, MPN or brand.${why}`,
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
      message: `${first?.url} lacks ${missing.join(", ")} in its Product data.${why}`,
      fix: refusals.length
        ? "State the product's real GTIN from its GS1 barcode, or leave the GTIN out and give the MPN (and identifier_exists false in a Merchant feed) when it has none; never a row of zeros."
        : "Give every Product sku, a GTIN (or MPN when there is none) and brand.",
      evidence,
    };
  },
});
