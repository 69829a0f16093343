import { countText } from "../../../display/count-text";
import { allSomeNone, homePage, isOutcome } from "../check-helpers";
import { defineCheck } from "../define-check";

export const canonicalUrl = defineCheck({
  key: "canonical_url",
  layer: 2,
  weight: 1,
  run(site) {
    const home = homePage(site);
    if (isOutcome(home)) return home;
    // A home page that is itself a product page is counted once.
    const pages = [...new Set([home, ...site.products])].filter((p) => p.page);
    const sameSite = (href: string) => {
      try {
        const u = new URL(href);
        return /^https?:$/.test(u.protocol) && u.hostname.replace(/^www\./, "") === site.domain;
      } catch {
        return false;
      }
    };
    const rows = pages.map((p) => {
      const canonical = p.page?.canonical ?? null;
      return { url: p.fetched.url, canonical, ok: canonical !== null && sameSite(canonical) };
    });
    const good = rows.filter((r) => r.ok).length;
    const status = allSomeNone(good, rows.length);
    const missing = rows.filter((r) => !r.ok).map((r) => r.url);
    return {
      status,
      message:
        status === "pass"
          ? `${rows.length === 1 ? "The one page checked carries" : `All ${rows.length} pages checked carry`} an absolute rel=canonical on ${site.domain}.`
          : `${missing.length} of ${countText(rows.length, "page")} checked ${missing.length === 1 ? "lacks" : "lack"} an absolute same-site rel=canonical: ${missing.join(", ")}.`,
      fix:
        status === "pass"
          ? null
          : '<link rel="canonical" href="https://DOMAIN/path"> with an absolute URL on every page.',
      evidence: { pages: rows },
    };
  },
});
