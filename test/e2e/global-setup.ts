import type { TestProject } from "vitest/node";
import { challengeShop } from "../fixtures/shops/challenge-shop";
import { goodShop } from "../fixtures/shops/good-shop";
import { jsShellShop } from "../fixtures/shops/js-shell-shop";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";
import { type LocalServer, startLocalServer } from "../helpers/node/local-server";
import { type SnippetFixtures, startSnippetFixtures } from "./snippet-fixture-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    snippetFixturePort: number;
  }
}

let server: LocalServer | undefined;
let snippetFixtures: SnippetFixtures | undefined;
let shops: RunningShop[] = [];

// One real local server (npm start) for the whole e2e project.
export async function setup(project: TestProject): Promise<void> {
  // The snippet browser test's shop page and key directory, reached through OUTBOUND_RESOLVE.
  snippetFixtures = await startSnippetFixtures();
  // The scan pages' browser tests scan these fixture shops; gone.test maps to a closed
  // port, so it gives no HTTP answer at all (an unreachable shop).
  const [good, jsShell, challenge] = await Promise.all([
    startShop(goodShop),
    startShop(jsShellShop),
    startShop(challengeShop),
  ]);
  shops = [good, jsShell, challenge];
  const scanShops = [
    `good-shop.test=127.0.0.1:${good.port}`,
    `js-shell.test=127.0.0.1:${jsShell.port}`,
    `challenge.test=127.0.0.1:${challenge.port}`,
    "gone.test=127.0.0.1:9",
  ];
  server = await startLocalServer({
    OUTBOUND_RESOLVE: [snippetFixtures.outboundResolve, ...scanShops].join(","),
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("snippetFixturePort", snippetFixtures.port);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await snippetFixtures?.close();
  await Promise.all(shops.map((s) => s.close()));
}
