import type { TestProject } from "vitest/node";
import { besideShop } from "../fixtures/shops/beside-shop";
import { CartBook } from "../fixtures/shops/cart-book";
import { challengeShop } from "../fixtures/shops/challenge-shop";
import { edgeCaseShop } from "../fixtures/shops/edge-case-shop";
import { feedShop } from "../fixtures/shops/feed-shop";
import { formShop } from "../fixtures/shops/form-shop";
import { goodShop, goodShopCarts } from "../fixtures/shops/good-shop";
import { jsShellShop } from "../fixtures/shops/js-shell-shop";
import { protocolsShop } from "../fixtures/shops/protocols-2026-shop";
import { robotsBlockedShop } from "../fixtures/shops/robots-blocked-shop";
import { sessionShop } from "../fixtures/shops/session-shop";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";
import { shopifyLikeShop } from "../fixtures/shops/shopify-like-shop";
import { sitemapIndexShop } from "../fixtures/shops/sitemap-index-shop";
import { standardsShop } from "../fixtures/shops/standards-shop";
import { ucpMcpShop } from "../fixtures/shops/ucp-mcp-shop";
import { wooLikeShop } from "../fixtures/shops/woo-like-shop";

declare module "vitest" {
  export interface ProvidedContext {
    outboundResolve: string;
    edgeShopPort: number;
  }
}

const running: RunningShop[] = [];
const books: Array<[string, CartBook]> = [];

// One fixture server per shop on a free loopback port; the Worker reaches them only
// through OUTBOUND_RESOLVE, exactly as `npm start` does.
// Platform-like shops for the add-to-cart journey keep their own carts and request
// verdicts (cart-book.ts), served with their stats, so tests assert what a shop holds.
export async function setup(project: TestProject): Promise<void> {
  let edgePort = 0;
  const observeOnly = (host: string) => {
    const book = new CartBook({ cartWrites: /^$/ });
    books.push([host, book]);
    return book;
  };
  const shopify = shopifyLikeShop({ robots: "agents-allowed", origin: "https://shopify-like.test" });
  const shopifyDefault = shopifyLikeShop({ robots: "default", origin: "https://shopify-default.test" });
  const woo = wooLikeShop({ origin: "https://woo-like.test" });
  const form = formShop({ origin: "https://form-shop.test" });
  const ucp = ucpMcpShop({ origin: "https://ucp-shop.test", htmlProducts: true });
  const ucpOnly = ucpMcpShop({ origin: "https://ucp-only.test", htmlProducts: false });
  const session = sessionShop({ origin: "https://session-shop.test" });
  const protocols = protocolsShop({ origin: "https://protocols-2026.test", legacy: false });
  const protocolsLegacy = protocolsShop({ origin: "https://protocols-legacy.test", legacy: true });
  const beside = besideShop();
  const shops = {
    "good-shop.test": await startShop(goodShop, goodShopCarts.options()),
    "js-shell.test": await startShop(jsShellShop, observeOnly("js-shell.test").options()),
    "challenge-shop.test": await startShop(challengeShop, observeOnly("challenge-shop.test").options()),
    "shopify-like.test": await startShop(shopify.routes, shopify.book.options()),
    "shopify-default.test": await startShop(shopifyDefault.routes, shopifyDefault.book.options()),
    "woo-like.test": await startShop(woo.routes, woo.book.options()),
    "form-shop.test": await startShop(form.routes, form.book.options()),
    "ucp-shop.test": await startShop(ucp.routes, ucp.book.options()),
    "ucp-only.test": await startShop(ucpOnly.routes, ucpOnly.book.options()),
    "session-shop.test": await startShop(session.routes, session.book.options()),
    "protocols-2026.test": await startShop(protocols.routes, protocols.book.options()),
    "protocols-legacy.test": await startShop(protocolsLegacy.routes, protocolsLegacy.book.options()),
    "edge-shop.test": await startShop(edgeCaseShop(() => edgePort)),
    "robots-blocked.test": await startShop(robotsBlockedShop),
    "index-shop.test": await startShop(sitemapIndexShop),
    "standards-shop.test": await startShop(standardsShop({ origin: "https://standards-shop.test", broken: false })),
    "standards-broken.test": await startShop(standardsShop({ origin: "https://standards-broken.test", broken: true })),
    // Only the www. host answers; the apex is mapped to a port nobody listens on.
    "www.www-only.test": await startShop({
      "/robots.txt": { headers: { "content-type": "text/plain" }, body: "User-agent: *\nAllow: /\n" },
      "/": { body: '<!doctype html><html lang="en"><head><title>Only on www</title></head></html>' },
    }),
    "blog-feed.test": await startShop(feedShop({ origin: "https://blog-feed.test", kind: "blog" })),
    "merchant-feed.test": await startShop(feedShop({ origin: "https://merchant-feed.test", kind: "merchant" })),
    "broken-robots.test": await startShop({ "/robots.txt": { status: 503, body: "unavailable" } }),
    // The well-built shop again, 40 ms per answer, so concurrency limits become visible.
    "slow-good-shop.test": await startShop(goodShop, { latencyMs: 40 }),
    // The well-built shop whose llms-full.txt waits for a cart to be added (beside-shop.ts).
    "beside-shop.test": await startShop(beside.routes, beside.options),
  };
  books.push(
    ["good-shop.test", goodShopCarts],
    ["shopify-like.test", shopify.book],
    ["shopify-default.test", shopifyDefault.book],
    ["woo-like.test", woo.book],
    ["form-shop.test", form.book],
    ["ucp-shop.test", ucp.book],
    ["ucp-only.test", ucpOnly.book],
    ["session-shop.test", session.book],
    ["protocols-2026.test", protocols.book],
    ["protocols-legacy.test", protocolsLegacy.book],
  );
  edgePort = shops["edge-shop.test"].port;
  running.push(...Object.values(shops));
  project.provide(
    "outboundResolve",
    Object.entries(shops)
      .map(([host, shop]) => `${host}=127.0.0.1:${shop.port}`)
      // Port 9 (discard) has no listener here: a host that never answers.
      .concat("down-shop.test=127.0.0.1:9", "www-only.test=127.0.0.1:9")
      .join(","),
  );
  project.provide("edgeShopPort", edgePort);
}

// Across every test scan of the suite: no request to a checkout or payment path and no
// submission of a form that is not an add-to-cart form (issue 14), from the shops' logs.
export async function teardown(): Promise<void> {
  await Promise.all(running.map((s) => s.close()));
  const violations = books.flatMap(([host, book]) => book.violations.map((v) => `${host}: ${v}`));
  if (violations.length > 0) throw new Error(`Scans sent forbidden requests:\n${violations.join("\n")}`);
}
