import type { TestProject } from "vitest/node";
import { goodShop } from "../fixtures/shops/good-shop";
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
let shop: RunningShop | undefined;

// One real local server (npm start) for the whole e2e project.
export async function setup(project: TestProject): Promise<void> {
  // The snippet browser test's shop page and key directory, reached through OUTBOUND_RESOLVE.
  snippetFixtures = await startSnippetFixtures();
  // The scan page's browser test scans the well-built fixture shop.
  shop = await startShop(goodShop);
  server = await startLocalServer({
    OUTBOUND_RESOLVE: `${snippetFixtures.outboundResolve},good-shop.test=127.0.0.1:${shop.port}`,
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("snippetFixturePort", snippetFixtures.port);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await snippetFixtures?.close();
  await shop?.close();
}
