import { httpAnswerText } from "../../../display/answer-text";
import { countText } from "../../../display/count-text";
import { blockedBy } from "../check-helpers";
import { defineCheck } from "../define-check";

export const sitemapXml = defineCheck({
  key: "sitemap_xml",
  layer: 1,
  weight: 2,
  run(site) {
    const valid = site.sitemaps.filter((s) => s.valid);
    // `cut`: why a file was read only in part (the protocol's 50,000 URLs / 50 MB, an answer that broke off).
    const tried = site.sitemaps.map((s) => ({
      url: s.url,
      status: s.fetched.status,
      kind: s.kind,
      ...(s.cut ? { cut: s.cut } : {}),
    }));
    if (valid.length === 0) {
      const blocked = site.sitemaps.map((s) => blockedBy(s.fetched, "the sitemap")).find((b) => b);
      if (blocked) return blocked;
      return {
        status: "fail",
        message: `No valid sitemap found (tried ${tried.map((t) => `${t.url} → ${httpAnswerText(t.status)}`).join(", ") || "none"}).`,
        fix: "Publish /sitemap.xml (sitemaps.org format) listing product URLs with <lastmod>, and name it in robots.txt with a Sitemap: line.",
        evidence: { tried },
      };
    }
    const products = site.discovery.productLinksSitemap.length;
    const urls = valid.reduce((n, s) => n + s.urls.length, 0);
    const lastmods = valid.reduce((n, s) => n + s.lastmods, 0);
    const evidence = { tried, urls, productUrls: products, lastmods };
    if (products === 0) {
      return {
        status: "warn",
        message: `The sitemap parses (${countText(urls, "URL")}) but lists no product URLs.`,
        fix: "List every product page in the sitemap.",
        evidence,
      };
    }
    if (lastmods === 0) {
      return {
        status: "warn",
        message: `The sitemap lists ${products} product URLs but no <lastmod> dates.`,
        fix: "Add <lastmod> to sitemap entries so agents know what changed.",
        evidence,
      };
    }
    return {
      status: "pass",
      message: `The sitemap parses and lists ${products} product URLs with lastmod dates.`,
      evidence,
    };
  },
});
