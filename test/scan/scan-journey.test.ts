import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import { safeFetch } from "../../shared/outbound/safe-fetch";
import { crawlSite } from "../../shared/scan/crawl/crawl-site";
import { JOURNEY_LIMITS } from "../../shared/scan/journey/journey-limits";
import { runJourney } from "../../shared/scan/journey/run-journey";
import type { CartBookState } from "../fixtures/shops/cart-book";
import type { LoggedRequest } from "../fixtures/shops/shop-server";
import { type CheckResultBody, completeOf, getScan, postScan } from "./scan-client";

const resolve = parseResolveMap(env.OUTBOUND_RESOLVE);

interface Stats {
  requests: LoggedRequest[];
  state: CartBookState;
}

async function stats(host: string): Promise<Stats> {
  const res = await safeFetch(`https://${host}/__fixture/stats`, { resolve });
  return JSON.parse(res.text()) as Stats;
}

/** Scans `host` and returns the stored result's checks plus what the shop saw during that scan. */
async function scan(host: string, ip: string) {
  const before = await stats(host);
  const { events } = await postScan(host, ip);
  const complete = completeOf(events);
  const stored = await getScan(complete.id);
  const after = await stats(host);
  const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c])) as Record<string, CheckResultBody>;
  const requests = after.requests.slice(before.requests.length);
  const newCarts = Object.entries(after.state.carts).filter(
    ([token, lines]) => !(token in before.state.carts) && lines.length > 0,
  );
  const reads = after.state.reads.slice(before.state.reads.length);
  return { events, byKey, requests, newCarts, reads, state: after.state };
}

interface CartEvidence {
  added: boolean;
  via: string | null;
  product_url: string | null;
  steps: Array<{ method: string; url: string; status: number }>;
}

function cartOf(check: CheckResultBody): CartEvidence {
  return check.evidence?.cart as CartEvidence;
}

/** The shop holds exactly one new cart with one line of quantity 1, read back with its credential. */
function expectOneUnitReadBack(r: Awaited<ReturnType<typeof scan>>, credential: string) {
  expect(r.newCarts).toHaveLength(1);
  const [, lines] = r.newCarts[0];
  expect(lines).toEqual([expect.objectContaining({ quantity: 1 })]);
  expect(r.reads.some((read) => read.credential === credential && read.lines === 1)).toBe(true);
  expect(r.state.violations).toEqual([]);
}

describe("the add-to-cart journey on platform-like shops", () => {
  it("Shopify-like: adds through the product form (multipart, variant id) and reads /cart.js with the cart cookie", async () => {
    const r = await scan("shopify-like.test", "198.51.100.41");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(check.layer).toBe(3);
    const cart = cartOf(check);
    expect(cart).toMatchObject({
      added: true,
      via: "form",
      product_url: "https://shopify-like.test/products/trail-runner-2",
    });
    expect(cart.steps.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual(
      expect.arrayContaining(["POST /cart/add", "GET /cart.js"]),
    );
    expectOneUnitReadBack(r, "cookie");
    // One cart mutation; the other POSTs are the UCP MCP probe (server/discover beside
    // initialize, then the rest of the 2025 handshake this endpoint speaks: notification, tools/list).
    expect(r.requests.filter((q) => q.method === "POST" && q.path !== "/api/ucp/mcp").map((q) => q.path)).toEqual([
      "/cart/add",
    ]);
    expect(r.byKey.mcp_discovery.status).toBe("pass");
    expect(r.byKey.mcp_discovery.message).toContain(
      "Shopify's per-store UCP MCP endpoint https://shopify-like.test/api/ucp/mcp, which answers only the 2025 handshake",
    );
    // The journey is streamed: its own phase, then crawl events for each of its requests.
    const phases = r.events.filter((e) => e.event === "status").map((e) => e.data.phase);
    expect([...new Set(phases)]).toEqual(["queued", "fetching", "journey", "checking", "scoring", "saving"]);
    const messages = r.events.filter((e) => e.data.phase === "journey").map((e) => String(e.data.message));
    expect(messages).toContain("Found: Trail Runner 2 — €129.00 — InStock");
    expect(messages).toContain("Added to cart via the product form ✓");
    const journeyCrawl = r.events.filter((e) => e.event === "crawl" && e.data.journey === true);
    expect(journeyCrawl.map((e) => `${e.data.method} ${new URL(String(e.data.url)).pathname}`)).toContain(
      "POST /cart/add",
    );
    // The search (allowed to AI agents by the merchant's robots.txt group) returns the product.
    expect(r.byKey.search_form.status).toBe("pass");
    expect(r.byKey.search_form.evidence).toMatchObject({ search: { productLinks: 1 } });
  });

  it("an untouched Shopify robots.txt (Disallow: /cart for every agent) makes cart_add blocked, and no cart request is sent", async () => {
    const r = await scan("shopify-default.test", "198.51.100.42");
    const check = r.byKey.cart_add;
    expect(check.status).toBe("fail");
    expect(check.blocked).toBe(true);
    expect(check.message).toMatch(
      /^Access problem: .*robots\.txt line \d+ \(Disallow: \/cart\) disallows AgentReadinessScanner from \/cart/,
    );
    expect(cartOf(check).added).toBe(false);
    expect(r.requests.filter((q) => q.path.startsWith("/cart"))).toEqual([]);
    // Only the UCP MCP probe is not a GET; nothing changed a cart.
    expect(r.requests.filter((q) => q.method !== "GET").every((q) => q.path === "/api/ucp/mcp")).toBe(true);
    expect(r.state.mutations).toEqual([]);
    expect(r.newCarts).toEqual([]);
    expect(r.state.violations).toEqual([]);
  });

  it("WooCommerce-like: skips the robots-disallowed ?add-to-cart= form and adds through the Store API with Nonce and Cart-Token", async () => {
    const r = await scan("woo-like.test", "198.51.100.43");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(cartOf(check)).toMatchObject({
      added: true,
      via: "platform_api",
      product_url: "https://woo-like.test/product/trail-runner-2/",
    });
    expect(r.requests.some((q) => q.path.includes("add-to-cart="))).toBe(false);
    expect(r.requests.filter((q) => q.method === "POST").map((q) => q.path)).toEqual([
      "/wp-json/wc/store/v1/cart/add-item",
    ]);
    expectOneUnitReadBack(r, "cart-token");
    const attempts = check.evidence?.attempts as Array<{ via: string; outcome: string }>;
    expect(attempts.map((a) => `${a.via}:${a.outcome}`)).toEqual(["form:blocked", "platform_api:added"]);
    expect(r.byKey.product_feed.evidence).toMatchObject({ journeyFeeds: [expect.objectContaining({ products: 1 })] });
  });

  it("plain-form shop: carries the session cookie and CSRF token, sends one unit (not the field's default 2), reads the basket page", async () => {
    const r = await scan("form-shop.test", "198.51.100.44");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(cartOf(check)).toMatchObject({
      added: true,
      via: "form",
      product_url: "https://form-shop.test/item/walnut-bowl",
    });
    expectOneUnitReadBack(r, "cookie");
    expect(r.requests.some((q) => q.path === "/newsletter")).toBe(false);
    // Understood from microdata (text-valued itemprops) through the one structured-data model.
    expect(check.evidence?.product).toMatchObject({
      name: "Walnut Bowl",
      price: "48.00",
      currency: "GBP",
      source: "microdata",
    });
  });

  it("a shop that opens a session for every cookieless request, with a search answered between the add and the read back: adds and reads back with one session", async () => {
    const r = await scan("session-shop.test", "198.51.100.51");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(cartOf(check)).toMatchObject({ added: true, via: "form" });
    expectOneUnitReadBack(r, "cookie");
    // The search really was answered in between, with a session of its own.
    const at = (path: string) => r.requests.findIndex((q) => q.path.startsWith(path));
    expect(at("/search?")).toBeGreaterThan(-1);
    // The add and the read back went out with one and the same session cookie.
    const add = r.requests.find((q) => q.method === "POST" && q.path === "/basket/add");
    const read = r.requests.filter((q) => q.method === "GET" && q.path === "/basket").at(-1);
    expect(add?.cookie).toMatch(/^_woodshop_session=\w+$/);
    expect(read?.cookie).toBe(add?.cookie);
    expect(r.byKey.search_form.evidence).toMatchObject({ search: { productLinks: 1 } });
  });

  it("UCP/MCP-only shop: finds the MCP endpoint in /.well-known/ucp, answers over SSE, adds with create_cart carrying the agent profile", async () => {
    const r = await scan("ucp-shop.test", "198.51.100.45");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(cartOf(check)).toMatchObject({ added: true, via: "mcp" });
    expectOneUnitReadBack(r, "mcp-cart-id");
    expect(r.byKey.commerce_protocol.status).toBe("pass");
    expect(r.byKey.commerce_protocol.evidence).toMatchObject({
      mcp: { tools: expect.arrayContaining(["create_cart"]) },
    });
    expect(r.byKey.mcp_discovery.status).toBe("pass");
    // The session the scan opened is ended once the journey no longer needs it (MCP
    // 2025-06-18 "Session Management": a client SHOULD send DELETE), after the cart's steps.
    expect(r.requests.filter((q) => q.method === "DELETE").map((q) => q.path)).toEqual(["/api/ucp/mcp"]);
    expect(r.state.mcpSessions.ended).toBe(r.state.mcpSessions.opened);
    expect(cartOf(check).steps.some((s) => s.method === "DELETE")).toBe(false);
  });

  it("protocol-only shop (no product page): finds the product in the UCP catalog (search_catalog) and adds its variant id", async () => {
    const r = await scan("ucp-only.test", "198.51.100.49");
    const check = r.byKey.cart_add;
    expect(check.status, check.message).toBe("pass");
    expect(cartOf(check)).toMatchObject({ added: true, via: "mcp" });
    expect(check.evidence?.product).toMatchObject({
      name: "Trail Runner 2",
      itemId: "gid://ucp-shop/ProductVariant/4242",
      source: "ucp_catalog",
    });
    expectOneUnitReadBack(r, "mcp-cart-id");
  });

  it("the well-built shop: its product form and cart page, and an MCP endpoint that answers tools/list", async () => {
    const r = await scan("good-shop.test", "198.51.100.46");
    expect(r.byKey.cart_add.status, r.byKey.cart_add.message).toBe("pass");
    expectOneUnitReadBack(r, "cookie");
    expect(r.byKey.mcp_discovery.evidence).toMatchObject({ tools: ["search_catalog"] });
  });

  it("JavaScript-only shop: cart_add does not pass and no state-changing request is sent", async () => {
    const r = await scan("js-shell.test", "198.51.100.47");
    expect(r.byKey.cart_add.status).toBe("fail");
    expect(r.byKey.cart_add.blocked).toBeUndefined();
    expect(r.requests.every((q) => q.method === "GET")).toBe(true);
    expect(r.state.violations).toEqual([]);
  });

  it("challenged shop: cart_add is blocked and the cart is never requested", async () => {
    const r = await scan("challenge-shop.test", "198.51.100.48");
    expect(r.byKey.cart_add).toMatchObject({ status: "fail", blocked: true });
    expect(r.requests.some((q) => q.path.startsWith("/cart"))).toBe(false);
    expect(r.requests.every((q) => q.method === "GET")).toBe(true);
  });
});

describe("the scanner's UCP agent profile", () => {
  it("is served where its MCP cart calls point (meta.ucp-agent.profile), naming the cart capability only", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan/agent-profile.json");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ucp: { capabilities: Record<string, unknown> } };
    expect(Object.keys(body.ucp.capabilities)).toEqual(["dev.ucp.shopping.cart"]);
  });
});

describe("the journey is deterministic and bounded", () => {
  it("sends the same requests and reaches the same cart outcome on two runs, within its 16-request budget", async () => {
    const run = async () => {
      const site = await crawlSite({ domain: "woo-like.test", resolve });
      const events: Array<{ url: string; method: string }> = [];
      const journey = await runJourney({
        probeSite: site,
        site: Promise.resolve(site),
        resolve,
        onFetch: (e) => events.push({ url: e.url, method: e.method }),
      });
      return { journey, requests: events.map((e) => `${e.method} ${e.url}`).sort() };
    };
    const a = await run();
    const b = await run();
    expect(a.requests).toEqual(b.requests);
    expect(a.journey.cart.steps.map((s) => `${s.method} ${s.url}`)).toEqual(
      b.journey.cart.steps.map((s) => `${s.method} ${s.url}`),
    );
    expect([a.journey.cart.added, a.journey.cart.via]).toEqual([true, "platform_api"]);
    expect([b.journey.cart.added, b.journey.cart.via]).toEqual([true, "platform_api"]);
    expect(a.requests.length).toBeLessThanOrEqual(JOURNEY_LIMITS.maxRequests);
  });
});

describe("the journey runs beside the crawl", () => {
  it("starts once the crawl has what it reads, not after the crawl's last request, and the scan keeps 6 in flight", async () => {
    // beside-shop.test answers llms-full.txt (which nothing waits for) only after a cart
    // was added: a journey that waited for the whole crawl would see it answered first,
    // after the fixture's 6 s fallback.
    const { events } = await postScan("beside-shop.test", "198.51.100.51");
    const at = (path: string) =>
      events.findIndex((e) => e.event === "crawl" && new URL(String(e.data.url)).pathname === path);
    // The file is released when the cart's POST reaches the shop, so the journey's
    // requests before it (the product page, at least) are in the stream first.
    const firstJourney = events.findIndex((e) => e.event === "crawl" && e.data.journey === true);
    expect(firstJourney).toBeGreaterThan(-1);
    expect(at("/llms-full.txt")).toBeGreaterThan(firstJourney);
    const stored = await getScan(completeOf(events).id);
    const byKey = Object.fromEntries(stored.checkResults.map((c) => [c.key, c]));
    expect(byKey.cart_add.status).toBe("pass");
    expect(byKey.llms_full_txt.status).toBe("pass");
    // Crawl and journey share one per-host limiter (scan-checks.md: at most 6 in flight).
    const shop = JSON.parse((await safeFetch("https://beside-shop.test/__fixture/stats", { resolve })).text()) as {
      maxInFlight: number;
    };
    expect(shop.maxInFlight).toBeGreaterThan(1);
    expect(shop.maxInFlight).toBeLessThanOrEqual(6);
  });
});

describe("what the stored result keeps", () => {
  it("never stores cookies, nonces, cart tokens or cart ids", async () => {
    for (const host of ["ucp-shop.test", "woo-like.test", "form-shop.test"]) {
      const { events } = await postScan(host, "198.51.100.50");
      const stored = JSON.stringify(await getScan(completeOf(events).id));
      expect(stored).toContain('"added":true');
      // Every cart id, Cart-Token and session cookie value the shop issued.
      const shop = await stats(host);
      for (const credential of Object.keys(shop.state.carts)) expect(stored, host).not.toContain(credential);
      expect(stored).not.toMatch(/Set-Cookie|Cart-Token: |Mcp-Session-Id|nonce":/i);
    }
  });
});
