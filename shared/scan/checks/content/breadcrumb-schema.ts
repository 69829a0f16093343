import { nodesOfType } from "../../structured-data";
import { allSomeNone, isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";

export const breadcrumbSchema = defineCheck({
  key: "breadcrumb_schema",
  layer: 4,
  weight: 1,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const rows = pages.map((p) => ({
      url: p.fetched.url,
      breadcrumb: nodesOfType(p.page, ["BreadcrumbList"]).length > 0,
    }));
    const count = rows.filter((r) => r.breadcrumb).length;
    const status = allSomeNone(count, rows.length);
    return {
      status,
      message:
        status === "pass"
          ? `BreadcrumbList on all ${rows.length} product pages.`
          : `BreadcrumbList on ${count} of ${rows.length} product pages.`,
      fix:
        status === "pass"
          ? null
          : "Add a schema.org BreadcrumbList (Home > Category > Product) to product pages, in JSON-LD or microdata.",
      evidence: { pages: rows },
    };
  },
});
