import type { TestProject } from "vitest/node";
import { challengeShop } from "../fixtures/shops/challenge-shop";
import { edgeCaseShop } from "../fixtures/shops/edge-case-shop";
import { goodShop } from "../fixtures/shops/good-shop";
import { jsShellShop } from "../fixtures/shops/js-shell-shop";
import { robotsBlockedShop } from "../fixtures/shops/robots-blocked-shop";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";
import { sitemapIndexShop } from "../fixtures/shops/sitemap-index-shop";

declare module "vitest" {
  export interface ProvidedContext {
    outboundResolve: string;
    edgeShopPort: number;
  }
}

const running: RunningShop[] = [];

// One fixture server per shop on a free loopback port; the Worker reaches them only
// through OUTBOUND_RESOLVE, exactly as `npm start` does.
export async function setup(project: TestProject): Promise<void> {
  let edgePort = 0;
  const shops = {
    "good-shop.test": await startShop(goodShop),
    "js-shell.test": await startShop(jsShellShop),
    "challenge-shop.test": await startShop(challengeShop),
    "edge-shop.test": await startShop(edgeCaseShop(() => edgePort)),
    "robots-blocked.test": await startShop(robotsBlockedShop),
    "index-shop.test": await startShop(sitemapIndexShop),
    // Only the www. host answers; the apex is mapped to a port nobody listens on.
    "www.www-only.test": await startShop({
      "/robots.txt": { headers: { "content-type": "text/plain" }, body: "User-agent: *\nAllow: /\n" },
      "/": { body: '<!doctype html><html lang="en"><head><title>Only on www</title></head></html>' },
    }),
    "broken-robots.test": await startShop({ "/robots.txt": { status: 503, body: "unavailable" } }),
    // The well-built shop again, 40 ms per answer, so concurrency limits become visible.
    "slow-good-shop.test": await startShop(goodShop, { latencyMs: 40 }),
  };
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

export async function teardown(): Promise<void> {
  await Promise.all(running.map((s) => s.close()));
}
