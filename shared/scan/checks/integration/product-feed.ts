import { countText } from "../../../display/count-text";
import { readProductFeed } from "../../feed/read-product-feed";
import type { CheckOutcome, SiteSnapshot } from "../../types";
import { blockedBy, couldNotLook, isOk, parseJson } from "../check-helpers";
import { defineCheck } from "../define-check";

const PUBLISH_FIX =
  'Publish a product feed (e.g. Google Merchant RSS with g:id and g:price per item) and link it: <link rel="alternate" type="application/rss+xml" href="/feeds/products.xml">.';

/**
 * The declared feed judged by what it holds (docs/scan.md "product_feed"): products pass;
 * a product feed without products warns; a feed of anything else (a blog's posts) fails,
 * naming the feed and why; a feed that could not be read says so.
 */
function judgeLinkedFeed(linked: NonNullable<SiteSnapshot["productFeed"]>): CheckOutcome {
  const f = linked.fetched;
  const where = linked.via === "link" ? '<link rel="alternate"> on the home page' : "the sitemap";
  const unread = couldNotLook(f, `the feed ${where} declares`);
  if (unread) return unread;
  if (f.status < 200 || f.status >= 300) {
    return {
      status: "fail",
      message: `The feed ${where} declares, ${f.url}, answered HTTP ${f.status}; no product feed could be read.`,
      fix: PUBLISH_FIX,
      evidence: { feed: f.url, via: linked.via, status: f.status },
    };
  }
  const content = readProductFeed(f);
  const evidence = {
    feed: f.url,
    via: linked.via,
    format: content.format,
    items: content.items,
    products: content.products,
    ...(f.truncated ? { readBytes: f.body.length, truncated: true } : {}),
  };
  if (content.products > 0) {
    return {
      status: "pass",
      message: `A product feed is linked from ${where}: ${f.url} (${content.format}) lists ${countText(content.products, "product")}${f.truncated ? " in its first 2 MB" : ""}.`,
      evidence,
    };
  }
  if (content.declared) {
    return {
      status: "warn",
      message: `${f.url}, linked from ${where}, is a product feed but lists no products: ${content.reason}.`,
      fix: "Publish the catalogue in the feed.",
      evidence: { ...evidence, reason: content.reason },
    };
  }
  return {
    status: "fail",
    message: `No product feed: the feed ${where} declares, ${f.url}, holds no products (${content.reason}).`,
    fix: PUBLISH_FIX,
    evidence: { ...evidence, reason: content.reason },
  };
}

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
            message: `${f.url} lists ${countText(json.products.length, "product")}.`,
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
    if (site.productFeed) return judgeLinkedFeed(site.productFeed);
    const blocked = blockedBy(f, "/products.json");
    if (blocked) return blocked;
    return {
      status: "fail",
      message:
        "No machine-readable product feed found (/products.json, a merchant feed linked from the sitemap or rel=alternate).",
      fix: PUBLISH_FIX,
      evidence: { productsJsonStatus: f?.status ?? 0 },
    };
  },
});
