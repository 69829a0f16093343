import { describe, expect, it } from "vitest";
import { productFeed } from "../../../shared/scan/checks/integration/product-feed";
import { chooseProductFeed } from "../../../shared/scan/feed/choose-product-feed";
import { readProductFeed } from "../../../shared/scan/feed/read-product-feed";
import type { SitemapFacts } from "../../../shared/scan/types";
import merchantAtom from "../../fixtures/feeds/merchant-center.atom.xml?raw";
import merchantRss from "../../fixtures/feeds/merchant-center.rss.xml?raw";
import merchantTsv from "../../fixtures/feeds/merchant-center.tsv?raw";
import wordpressPosts from "../../fixtures/feeds/wordpress-posts.rss.xml?raw";
import { fetched, html, json, missing, page, site } from "./site-builder";

// product_feed judges what a declared feed holds (docs/scan.md "product_feed"). The
// fixtures follow the vendors' own examples: WordPress's posts feed (feed-rss2.php), Google
// Merchant Center's RSS 2.0 and Atom product data sources, its tab-separated text feed.

const FIXTURES: Record<string, string> = {
  "wordpress-posts.rss.xml": wordpressPosts,
  "merchant-center.rss.xml": merchantRss,
  "merchant-center.atom.xml": merchantAtom,
  "merchant-center.tsv": merchantTsv,
};
const fixture = (name: string) => FIXTURES[name];
const rss = (path: string, body: string) => fetched(path, { contentType: "application/rss+xml; charset=UTF-8", body });
const onSite = (u: URL) => u.hostname === "shop.example";

describe("reading what a feed holds", () => {
  it("counts a WordPress posts feed's items and finds no products in them", () => {
    const out = readProductFeed(rss("/feed/", fixture("wordpress-posts.rss.xml")));
    expect(out).toMatchObject({ format: "rss", items: 3, products: 0, declared: false });
    expect(out.reason).toContain("a feed of posts, not of products");
  });
  it("counts Merchant Center RSS items with g:id and g:price as products", () => {
    const out = readProductFeed(
      fetched("/feeds/products.xml", { contentType: "application/xml", body: fixture("merchant-center.rss.xml") }),
    );
    expect(out).toEqual({ format: "merchant-rss", items: 2, products: 2, declared: true, reason: null });
  });
  it("reads the Atom form with Google's namespace bound to another prefix", () => {
    const out = readProductFeed(
      fetched("/p.atom", { contentType: "application/atom+xml", body: fixture("merchant-center.atom.xml") }),
    );
    expect(out).toMatchObject({ format: "merchant-atom", items: 1, products: 1 });
  });
  it("reads a tab-separated product file by its header", () => {
    const out = readProductFeed(
      fetched("/p.tsv", { contentType: "text/tab-separated-values", body: fixture("merchant-center.tsv") }),
    );
    expect(out).toMatchObject({ format: "delimited", items: 1, products: 1, declared: true });
  });
  it("warns-worthy: the Merchant namespace on items that carry no price", () => {
    const body = fixture("merchant-center.rss.xml").replace(/<g:price>[^<]*<\/g:price>/g, "");
    const out = readProductFeed(rss("/feeds/products.xml", body));
    expect(out).toMatchObject({ format: "merchant-rss", items: 2, products: 0, declared: true });
    expect(out.reason).toBe("none of its 2 items has both g:id and g:price");
  });
  it("tells schema.org Products in JSON-LD from a JSON Feed of articles", () => {
    const list = {
      "@context": "https://schema.org",
      "@type": "ItemList",
      itemListElement: [{ "@type": "ListItem", position: 1, item: { "@type": "Product", name: "Tea" } }],
    };
    expect(readProductFeed(json("/feed.json", list))).toMatchObject({ format: "json", items: 1, products: 1 });
    const jsonFeed = {
      version: "https://jsonfeed.org/version/1.1",
      items: [{ id: "1", title: "Hello", content_text: "Hi" }],
    };
    expect(readProductFeed(json("/feed.json", jsonFeed))).toMatchObject({ items: 1, products: 0, declared: false });
  });
  it("says an HTML answer is no feed", () => {
    expect(readProductFeed(fetched("/feed/", { body: html("<title>Blog</title>") })).reason).toBe(
      "it answers an HTML page, not a feed",
    );
  });
});

describe("choosing the feed to read", () => {
  const wpHead =
    '<link rel="alternate" type="application/rss+xml" title="Trail Notes &raquo; Feed" href="https://shop.example/feed/">' +
    '<link rel="alternate" type="application/rss+xml" title="Trail Notes &raquo; Comments Feed" href="https://shop.example/comments/feed/">';
  it("takes WordPress's posts feed and never its comments feed", async () => {
    const home = await page("/", html(wpHead));
    expect(chooseProductFeed(home, [], onSite)).toEqual({ url: "https://shop.example/feed/", via: "link" });
  });
  it("prefers a feed named for products, and reads one listed in the sitemap", async () => {
    const home = await page(
      "/",
      html(`${wpHead}<link rel="alternate" type="application/xml" href="/feeds/google-merchant.xml">`),
    );
    expect(chooseProductFeed(home, [], onSite)?.url).toBe("https://shop.example/feeds/google-merchant.xml");
    const sitemap = {
      url: "https://shop.example/sitemap.xml",
      urls: ["https://shop.example/blog/feedback-wanted/", "https://shop.example/exports/products.tsv"],
      children: [],
    } as unknown as SitemapFacts;
    expect(chooseProductFeed(null, [sitemap], onSite)).toEqual({
      url: "https://shop.example/exports/products.tsv",
      via: "sitemap",
    });
  });
});

describe("product_feed judges the declared feed by its items", () => {
  const noJson = { "/products.json": missing("/products.json") };
  const declared = (f: ReturnType<typeof fetched>) =>
    site({ files: noJson, productFeed: { url: f.url, via: "link", fetched: f } });
  it("fails a blog's posts feed at /feed/, naming the feed and why", () => {
    const out = productFeed.run(declared(rss("/feed/", fixture("wordpress-posts.rss.xml"))));
    expect(out.status).toBe("fail");
    expect(out.message).toContain("https://shop.example/feed/");
    expect(out.evidence).toMatchObject({ feed: "https://shop.example/feed/", format: "rss", items: 3, products: 0 });
    expect(String(out.evidence?.reason)).toContain("feed of posts");
  });
  it("passes a Merchant Center feed and counts its products", () => {
    const out = productFeed.run(declared(rss("/feeds/products.xml", fixture("merchant-center.rss.xml"))));
    expect(out.status).toBe("pass");
    expect(out.message).toBe(
      'A product feed is linked from <link rel="alternate"> on the home page: https://shop.example/feeds/products.xml (merchant-rss) lists 2 products.',
    );
  });
  it("warns on a product feed without products, and fails a declared feed that answers 404", () => {
    const empty = fixture("merchant-center.rss.xml").replace(/<item>[\s\S]*<\/item>/, "");
    expect(productFeed.run(declared(rss("/feeds/products.xml", empty))).status).toBe("warn");
    const gone = productFeed.run(declared(missing("/feeds/products.xml")));
    expect(gone.status).toBe("fail");
    expect(gone.evidence).toMatchObject({ feed: "https://shop.example/feeds/products.xml", status: 404 });
  });
});
