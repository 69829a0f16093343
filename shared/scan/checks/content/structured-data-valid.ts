import { parseJsonLd } from "../../structured-data";
import type { CheckDefinition } from "../../types";

export const structuredDataValid: CheckDefinition = {
  key: "structured_data_valid",
  layer: 4,
  weight: 2,
  run(site) {
    const pages = [site.home, ...site.products, site.category].filter((p) => p?.page);
    const blocks = pages.flatMap((p) =>
      (p?.page?.jsonLd ?? []).map((raw) => ({ url: p?.fetched.url, ...parseJsonLd(raw) })),
    );
    if (blocks.length === 0) {
      return {
        status: "fail",
        message: `No JSON-LD structured data on the ${pages.length} pages fetched.`,
        fix: 'Add <script type="application/ld+json"> blocks (Organization, WebSite, Product, BreadcrumbList).',
        evidence: { blocks: 0, pages: pages.length },
      };
    }
    const invalid = blocks.filter((b) => !b.valid);
    const incomplete = blocks.filter((b) => b.valid && (!b.hasContext || !b.hasType));
    const evidence = {
      blocks: blocks.length,
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
    return {
      status: "pass",
      message: `All ${blocks.length} JSON-LD blocks parse with a schema.org @context and @type.`,
      evidence,
    };
  },
};
