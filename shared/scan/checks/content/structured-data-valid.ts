import { parseJsonLd, typesOf } from "../../structured-data";
import { pageNotRead } from "../check-helpers";
import { defineCheck } from "../define-check";

export const structuredDataValid = defineCheck({
  key: "structured_data_valid",
  layer: 4,
  weight: 2,
  run(site) {
    const visits = [site.home, ...site.products, site.category].filter((p) => !!p);
    // The home page was shown again as a product page when it says it is one: count it once.
    const pages = [...new Set(visits)].filter((p) => p.page);
    if (pages.length === 0) {
      const notRead =
        pageNotRead(site.home, "the home page") ?? visits.map((p) => pageNotRead(p, p.fetched.url)).find((o) => o);
      if (notRead) return notRead;
    }
    const blocks = pages.flatMap((p) =>
      (p.page?.jsonLd ?? []).map((raw) => ({ url: p.fetched.url, ...parseJsonLd(raw) })),
    );
    // Microdata and RDFa items (read into the same model) are structured data too.
    const items = pages.flatMap((p) =>
      [...(p.page?.microdata ?? []), ...(p.page?.rdfa ?? [])].map((node) => ({
        url: p.fetched.url,
        types: typesOf(node),
      })),
    );
    if (blocks.length === 0 && items.length === 0) {
      return {
        status: "fail",
        message: `No structured data (JSON-LD, microdata or RDFa) on the ${pages.length} page(s) read.`,
        fix: 'Add <script type="application/ld+json"> blocks (Organization, WebSite, Product, BreadcrumbList).',
        evidence: { blocks: 0, items: 0, pages: pages.length },
      };
    }
    const invalid = blocks.filter((b) => !b.valid);
    const incomplete = blocks.filter((b) => b.valid && (!b.hasContext || !b.hasType));
    const evidence = {
      blocks: blocks.length,
      items: items.length,
      invalid: invalid.map((b) => ({ url: b.url, error: b.error })),
      withoutContextOrType: incomplete.map((b) => b.url),
    };
    if (invalid.length > 0) {
      return {
        status: "fail",
        message: `${invalid.length} JSON-LD block(s) are not valid JSON (first on ${invalid[0].url}: ${invalid[0].error}).`,
        fix: "Fix the JSON syntax (trailing commas, unescaped quotes) so parsers do not drop the block.",
        evidence,
      };
    }
    if (incomplete.length > 0) {
      return {
        status: "warn",
        message: `${incomplete.length} of ${blocks.length} JSON-LD blocks lack "@context": "https://schema.org" or "@type".`,
        fix: 'Start every block with "@context":"https://schema.org" and an "@type".',
        evidence,
      };
    }
    const parts = [
      blocks.length > 0 ? `${blocks.length} JSON-LD block(s) parse with a schema.org @context and @type` : null,
      items.length > 0 ? `${items.length} microdata/RDFa item(s) are typed` : null,
    ].filter(Boolean);
    return { status: "pass", message: `${parts.join("; ")}.`, evidence };
  },
});
