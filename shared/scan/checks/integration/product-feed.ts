import { blockedBy, isOk, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";

const FEED_HREF = /feed|merchant|google[-_]?shopping|products\.(xml|json|csv|tsv)/i;

export const productFeed = defineCheck({
  key: "product_feed",
  layer: 5,
  weight: 2,
  run(site) {
    const f = site.files["/products.json"];
    const journeyFeeds = site.journey?.find.feeds ?? [];
    // The WooCommerce Store API product listing the journey read counts as a feed.
    const store = journeyFeeds.find((x) => x.url.includes("/wc/store/") && x.products > 0);
    if (store && !isOk(f)) {
      return {
        status: "pass",
        message: `The WooCommerce Store API lists products at ${store.url} (${store.products} read).`,
        evidence: { url: store.url, products: store.products, journeyFeeds },
      };
    }
    if (isOk(f)) {
      const json = parseJson(f.body) as { products?: unknown } | undefined;
      if (json && Array.isArray(json.products)) {
        if (json.products.length > 0) {
          return {
            status: "pass",
            message: `${f.url} lists ${json.products.length} products.`,
            evidence: { url: f.url, products: json.products.length, journeyFeeds },
          };
        }
        return {
          status: "warn",
          message: `${f.url} is a product feed but lists no products.`,
          fix: "Publish the catalogue in the feed.",
          evidence: { url: f.url, products: 0 },
        };
      }
    }
    const alternates = [site.home, ...site.products]
      .flatMap((p) => p?.page?.headLinks ?? [])
      .filter(
        (l) =>
          l.rel.split(/\s+/).includes("alternate") &&
          FEED_HREF.test(l.href) &&
          /xml|json|csv|rss|atom/.test(l.type || l.href),
      );
    const inSitemap = site.sitemaps.flatMap((s) => [...s.urls, ...s.children]).find((u) => FEED_HREF.test(u));
    const declared = alternates[0]?.href ?? inSitemap;
    if (declared) {
      return { status: "pass", message: `A product feed is linked: ${declared}.`, evidence: { feed: declared } };
    }
    const blocked = blockedBy(f, "/products.json");
    if (blocked) return blocked;
    return {
      status: "fail",
      message:
        "No machine-readable product feed found (/products.json, a merchant feed linked from the sitemap or rel=alternate).",
      fix: 'Publish a product feed (e.g. Google Merchant XML) and link it: <link rel="alternate" type="application/xml" href="/feeds/products.xml">.',
      evidence: { productsJsonStatus: f?.status ?? 0 },
    };
  },
});
