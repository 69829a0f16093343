import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";
import type { LoggedRequest } from "../fixtures/shops/shop-server";
import { type CheckResultBody, completeOf, getScan, postScan } from "./scan-client";

// product_feed end to end (test/fixtures/shops/feed-shop.ts cites the vendor documents):
// the crawl follows the feed the home page links and judges what its items are.

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);

async function scanFeed(host: string, ip: string) {
  const { events } = await postScan(host, ip);
  const stored = await getScan(completeOf(events).id);
  const check = stored.checkResults.find((c) => c.key === "product_feed") as CheckResultBody;
  const seen = JSON.parse((await safeFetch(`https://${host}/__fixture/stats`, { resolve })).text()) as {
    requests: LoggedRequest[];
  };
  return { check, stored, paths: seen.requests.map((r) => r.path) };
}

describe("product_feed reads the feed a site links", () => {
  it("fails a WordPress blog's posts feed at /feed/, naming the feed and why, and never reads the comments feed", async () => {
    const { check, stored, paths } = await scanFeed("blog-feed.test", "198.51.100.181");
    expect(paths).toContain("/feed/");
    expect(paths).not.toContain("/comments/feed/");
    expect(paths.length).toBeLessThanOrEqual(25);
    expect((stored as unknown as { scoringVersion: string }).scoringVersion).toBe("6");
    expect(check.status, check.message).toBe("fail");
    expect(check.evidence).toMatchObject({
      feed: "https://blog-feed.test/feed/",
      via: "link",
      format: "rss",
      items: 3,
      products: 0,
    });
    expect(check.message).toContain("https://blog-feed.test/feed/");
    expect(check.message).toContain("a feed of posts, not of products");
  });

  it("passes a Merchant Center RSS feed and counts its products", async () => {
    const { check, paths } = await scanFeed("merchant-feed.test", "198.51.100.182");
    expect(paths).toContain("/feeds/google-merchant.xml");
    expect(check.status, check.message).toBe("pass");
    expect(check.evidence).toMatchObject({
      feed: "https://merchant-feed.test/feeds/google-merchant.xml",
      format: "merchant-rss",
      items: 2,
      products: 2,
    });
  });
});
