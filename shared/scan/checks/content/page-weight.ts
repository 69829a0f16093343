import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";

const PASS_BYTES = 500 * 1024;
const WARN_BYTES = 2 * 1024 * 1024;

export const pageWeight = defineCheck({
  key: "page_weight",
  layer: 4,
  weight: 1,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    const heaviest = pages.map((p) => p.fetched).reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const kb = Math.round(heaviest.bytes / 1024);
    const evidence = { url: heaviest.url, bytes: heaviest.bytes, truncated: heaviest.truncated };
    if (heaviest.truncated) {
      return {
        status: "fail",
        message: `${heaviest.url} is larger than 2 MB of HTML; the scanner stopped reading at 2 MB.`,
        fix: "Cut inline scripts, styles and data from product HTML; agents truncate large pages.",
        evidence,
      };
    }
    if (heaviest.bytes <= PASS_BYTES) {
      return { status: "pass", message: `The heaviest product page HTML is ${kb} KB (limit 500 KB).`, evidence };
    }
    return {
      status: heaviest.bytes <= WARN_BYTES ? "warn" : "fail",
      message: `${heaviest.url} weighs ${kb} KB of HTML (target: at most 500 KB).`,
      fix: "Move inline JSON state and scripts out of the HTML.",
      evidence,
    };
  },
});
