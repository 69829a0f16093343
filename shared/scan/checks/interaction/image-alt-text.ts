import { isOutcome, productPages } from "../check-helpers";
import { defineCheck } from "../define-check";

const GENERIC_ALT = /^(image|img|photo|picture|untitled|product|logo|icon|\d+|.*\.(jpe?g|png|gif|webp|avif|svg))$/i;

export const imageAltText = defineCheck({
  key: "image_alt_text",
  layer: 3,
  weight: 1,
  run(site) {
    const pages = productPages(site);
    if (isOutcome(pages)) return pages;
    // alt="" marks a decorative image (WCAG H67) and is left out of the count.
    const images = pages.flatMap((p) => p.page?.images ?? []).filter((i) => i.alt === null || i.alt.trim() !== "");
    const meaningful = images.filter((i) => i.alt !== null && !GENERIC_ALT.test(i.alt.trim()));
    const missing = images
      .filter((i) => !meaningful.includes(i))
      .map((i) => i.src)
      .slice(0, 10);
    const share = images.length ? meaningful.length / images.length : 1;
    const pct = Math.round(share * 100);
    const evidence = { images: images.length, meaningful: meaningful.length, withoutMeaningfulAlt: missing };
    if (share >= 0.9) {
      return {
        status: "pass",
        message: images.length
          ? `${pct}% of product-page images carry meaningful alt text.`
          : "Product pages have no content images.",
        evidence,
      };
    }
    return {
      status: share >= 0.5 ? "warn" : "fail",
      message: `Only ${meaningful.length} of ${images.length} product-page images (${pct}%) carry meaningful alt text.`,
      fix: 'Describe each product image in alt, e.g. alt="Blue linen shirt, front view".',
      evidence,
    };
  },
});
