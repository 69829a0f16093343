import { readFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { realShops, realShopsPresent } from "../fixtures/real-shops/real-shop-servers";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** OUTBOUND_RESOLVE pairs of the real-shop hosts ("" when ../shared is absent). */
    realShopsResolve: string;
    /** JSON: [{shop, domain, expected}] with each shop's judgement file ("[]" when absent). */
    realShops: string;
  }
}

const running: RunningShop[] = [];

// The real-shop captures of ../shared/data/real-shops, one local server per host, reached
// through OUTBOUND_RESOLVE like every fixture shop. Absent data: nothing is started and
// the real-shop test skips with a title saying so.
export async function setup(project: TestProject): Promise<void> {
  if (!realShopsPresent()) {
    project.provide("realShopsResolve", "");
    project.provide("realShops", "[]");
    return;
  }
  const pairs: string[] = [];
  const shops = realShops();
  for (const shop of shops) {
    for (const [host, routes] of shop.hosts) {
      if (!routes) {
        // Port 9 (discard) has no listener here: a host that never answers.
        pairs.push(`${host}=127.0.0.1:9`);
        continue;
      }
      const server = await startShop(routes);
      running.push(server);
      pairs.push(`${host}=127.0.0.1:${server.port}`);
    }
  }
  const dir = path.resolve(import.meta.dirname, "../fixtures/real-shops");
  const described = shops.map((s) => ({
    shop: s.shop,
    domain: s.domain,
    expected: JSON.parse(readFileSync(path.join(dir, `${s.shop}.expected.json`), "utf8")),
  }));
  project.provide("realShopsResolve", pairs.join(","));
  project.provide("realShops", JSON.stringify(described));
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((s) => s.close()));
}
