import { homeBlocked } from "../check-helpers";
import { defineCheck } from "../define-check";

export const crawlableLinks = defineCheck({
  key: "crawlable_links",
  layer: 3,
  weight: 3,
  run(site) {
    const d = site.discovery;
    const evidence = {
      fromHome: d.productLinksHome.length,
      fromCategory: d.productLinksCategory.length,
      fromSitemap: d.productLinksSitemap.length,
      category: site.category?.fetched.url ?? null,
      homeIsProduct: d.homeIsProduct,
      // What the journey made of it: how its product was found, and which.
      journey: site.journey ? { foundVia: site.journey.find.via, product: site.journey.product?.url ?? null } : null,
    };
    const blocked = homeBlocked(site);
    if (blocked) return blocked;
    if (d.homeIsProduct && site.home?.page) {
      return {
        status: "pass",
        message: `The home page ${site.home.fetched.url} is itself a product page in plain server HTML, reachable without JavaScript.`,
        evidence,
      };
    }
    if (d.productLinksHome.length > 0 || d.productLinksCategory.length > 0) {
      const where = d.productLinksHome.length > 0 ? "the home page" : "a category page";
      return { status: "pass", message: `Product pages are linked with plain <a href> links from ${where}.`, evidence };
    }
    if (d.productLinksSitemap.length > 0) {
      return {
        status: "warn",
        message:
          "Product pages are listed in the sitemap but not linked with <a href> from the home page or a category page.",
        fix: "Render product links as plain <a href> elements in the server HTML of home and category pages.",
        evidence,
      };
    }
    return {
      status: "fail",
      message:
        "No product page can be reached without running JavaScript: no <a href> product links and none in the sitemap.",
      fix: "Render navigation and product grids as server-side HTML with <a href> links.",
      evidence,
    };
  },
});
