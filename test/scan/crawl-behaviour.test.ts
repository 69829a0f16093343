import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";
import { SCANNER_TOKEN } from "../../shared/outbound/user-agents";
import { crawlSite } from "../../shared/scan/crawl/crawl-site";
import type { CrawlEvent } from "../../shared/scan/crawl/fetcher";
import { runChecks } from "../../shared/scan/run-checks";
import { CATALOG_XML_BYTES, PAGES_SITEMAP_URLS } from "../fixtures/shops/sitemap-index-shop";

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);
const STATS = "/__fixture/stats";

async function crawl(domain: string) {
  const events: CrawlEvent[] = [];
  const snapshot = await crawlSite({ domain, resolve, onFetch: (e) => events.push(e) });
  return { snapshot, events };
}

describe("crawler", () => {
  it("is deterministic: the same site yields the same requests and the same check statuses", async () => {
    const a = await crawl("slow-good-shop.test");
    const b = await crawl("slow-good-shop.test");
    const urls = (x: typeof a) => x.events.map((e) => e.url).sort();
    expect(urls(a)).toEqual(urls(b));
    const statuses = (x: typeof a) => runChecks(x.snapshot).map((r) => `${r.key}:${r.status}`);
    expect(statuses(a)).toEqual(statuses(b));
    expect(a.snapshot.products.map((p) => p.fetched.url)).toEqual([
      "https://slow-good-shop.test/products/canvas-tote",
      "https://slow-good-shop.test/products/linen-shirt",
      "https://slow-good-shop.test/products/wool-scarf",
    ]);
  });

  it("keeps at most 6 requests in flight per host and at most 25 requests per scan", async () => {
    const { events } = await crawl("slow-good-shop.test");
    expect(events.length).toBeLessThanOrEqual(25);
    const stats = await safeFetch(`https://slow-good-shop.test${STATS}`, { resolve });
    const { maxInFlight } = JSON.parse(stats.text()) as { maxInFlight: number };
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(6);
  });

  it("fetches robots.txt first and identifies itself with a documented User-Agent", async () => {
    const { events } = await crawl("good-shop.test");
    expect(events[0].url).toBe("https://good-shop.test/robots.txt");
    const stats = await safeFetch(`https://good-shop.test${STATS}`, { resolve });
    const { requests } = JSON.parse(stats.text()) as { requests: Array<{ path: string; userAgent: string }> };
    const own = requests.filter((r) => r.userAgent.includes(SCANNER_TOKEN));
    expect(own[0].userAgent).toMatch(
      /^Mozilla\/5\.0 \(compatible; AgentReadinessScanner\/1\.0; \+https?:\/\/\S+\/#scanner\)$/,
    );
    // Only the parity probe (of the home page) poses as an AI agent; other test files
    // scan this shop too, so the log holds several scans.
    const posing = new Set(requests.filter((r) => r.userAgent.includes("ChatGPT-User")).map((r) => r.path));
    expect([...posing]).toEqual(["/"]);
  });

  it("obeys robots.txt for its own token: nothing else is fetched and checks are blocked", async () => {
    const { snapshot, events } = await crawl("robots-blocked.test");
    expect(events.map((e) => e.url)).toEqual(["https://robots-blocked.test/robots.txt"]);
    const byKey = Object.fromEntries(runChecks(snapshot).map((r) => [r.key, r]));
    for (const key of ["https_reachable", "title_description", "llms_txt", "crawlable_links"]) {
      expect(byKey[key], key).toMatchObject({ status: "fail", blocked: true });
      // The deciding rule and its line (issue 45): "User-agent: AgentReadinessScanner\nDisallow: /".
      expect(byKey[key].message, key).toMatch(
        /^Access problem: robots\.txt line 2 \(Disallow: \/\) disallows AgentReadinessScanner from \//,
      );
      expect(byKey[key].evidence).toMatchObject({ robots: { reason: "disallowed_by_rule", line: 2 } });
    }
  });

  it("treats a robots.txt server error as disallow-all (RFC 9309 §2.3.1.4) and says so", async () => {
    const { snapshot, events } = await crawl("broken-robots.test");
    expect(events.map((e) => e.url)).toEqual(["https://broken-robots.test/robots.txt"]);
    const byKey = Object.fromEntries(runChecks(snapshot).map((r) => [r.key, r]));
    expect(byKey.title_description).toMatchObject({ status: "fail", blocked: true });
    expect(byKey.title_description.message).toContain("robots.txt answered HTTP 503");
    expect(byKey.robots_txt).toMatchObject({ status: "fail" });
    expect(byKey.robots_txt.blocked).toBeUndefined();
  });

  it("reports a site that does not answer at all as unreachable, not as blocked", async () => {
    const { snapshot, events } = await crawl("down-shop.test");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ url: "https://down-shop.test/robots.txt", status: 0 });
    const results = runChecks(snapshot);
    expect(results.some((r) => r.blocked)).toBe(false);
    // One answer for the whole shop: every check fails and says why; nothing passes.
    expect(results.every((r) => r.status === "fail" && r.evidence?.unreachable === true)).toBe(true);
    const reach = results.find((r) => r.key === "https_reachable");
    expect(reach?.message).toMatch(
      /^down-shop\.test could not be reached \(Could not connect: the connection was refused or dropped\), so nothing on the site could be checked and every check fails\./,
    );
    expect(results.find((r) => r.key === "no_captcha")?.message).toMatch(
      /^Not checked: down-shop\.test could not be reached/,
    );
    for (const r of results) expect(r.message).not.toMatch(/internal error|reference =/);
  });

  it("follows a sitemap index one level deep, on the scanned site only: gzipped, prefixed and over 2 MiB children read whole", async () => {
    const { snapshot, events } = await crawl("index-shop.test");
    const sitemapUrls = events.map((e) => e.url).filter((u) => /\.xml(\.gz)?$/.test(u));
    expect(sitemapUrls.sort()).toEqual([
      "https://index-shop.test/sitemap_index.xml",
      "https://index-shop.test/sitemaps/catalog-2.xml.gz",
      "https://index-shop.test/sitemaps/products.xml",
    ]);
    expect(snapshot.discovery.productLinksSitemap).toEqual([
      "https://index-shop.test/p/a-1",
      "https://index-shop.test/p/b-2",
      "https://index-shop.test/p/c-3",
    ]);
    const byUrl = Object.fromEntries(snapshot.sitemaps.map((s) => [new URL(s.url).pathname, s]));
    const gz = byUrl["/sitemaps/catalog-2.xml.gz"];
    expect(gz).toMatchObject({ valid: true, gzipped: true, cut: null, lastmods: PAGES_SITEMAP_URLS + 1 });
    expect(gz.urls).toHaveLength(PAGES_SITEMAP_URLS + 1);
    expect(gz.urls[0]).toBe("https://index-shop.test/p/c-3");
    // What came over the wire was the compressed file; the text it held is over 3 MiB.
    expect(CATALOG_XML_BYTES).toBeGreaterThan(3 * 1024 * 1024);
    expect(gz.fetched.bytes).toBeLessThan(CATALOG_XML_BYTES / 10);
    expect(snapshot.products.map((p) => p.fetched.url)).toEqual(snapshot.discovery.productLinksSitemap);
    const byKey = Object.fromEntries(runChecks(snapshot).map((r) => [r.key, r]));
    expect(byKey.crawlable_links.status).toBe("warn");
    expect(byKey.sitemap_xml.status).toBe("pass");
  });

  it("falls back to the www. host when the normalised apex does not answer", async () => {
    const { snapshot, events } = await crawl("www-only.test");
    expect(events.slice(0, 2).map((e) => [e.url, e.status])).toEqual([
      ["https://www-only.test/robots.txt", 0],
      ["https://www.www-only.test/robots.txt", 200],
    ]);
    expect(snapshot.home?.fetched.url).toBe("https://www.www-only.test/");
    expect(snapshot.home?.page?.title).toBe("Only on www");
    expect(events.length).toBeLessThanOrEqual(25);
  });
});
