import type { TestProject } from "vitest/node";
import { mutableShop } from "../fixtures/monitors/mutable-shop";
import { type RunningReceiver, startWebhookReceiver } from "../fixtures/monitors/webhook-receiver";
import { challengeShop } from "../fixtures/shops/challenge-shop";
import { formShop } from "../fixtures/shops/form-shop";
import { goodShop } from "../fixtures/shops/good-shop";
import { jsShellShop } from "../fixtures/shops/js-shell-shop";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";
import { type LocalServer, startLocalServer } from "../helpers/node/local-server";
import { CIMD_HOST, type CimdFixture, startCimdFixture } from "./cimd-fixture-server";
import { type SnippetFixtures, startSnippetFixtures } from "./snippet-fixture-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    snippetFixturePort: number;
    monitoredShopPort: number;
    webhookReceiverPort: number;
    selfHost: string;
  }
}

let server: LocalServer | undefined;
const SELF_HOST = "agent-readiness.test";
let snippetFixtures: SnippetFixtures | undefined;
let shops: RunningShop[] = [];
let monitoredShop: RunningShop | undefined;
let receiver: RunningReceiver | undefined;
let cimd: CimdFixture | undefined;

// One real local server (npm start) for the whole e2e project.
export async function setup(project: TestProject): Promise<void> {
  // The snippet browser test's shop page and key directory, reached through OUTBOUND_RESOLVE.
  snippetFixtures = await startSnippetFixtures();
  // The scan pages' browser tests scan these fixture shops; gone.test maps to a closed
  // port, so it gives no HTTP answer at all (an unreachable shop).
  const [good, jsShell, challenge, slow] = await Promise.all([
    startShop(goodShop),
    startShop(jsShellShop),
    startShop(challengeShop),
    // The well-built shop at 1.2 s an answer: a scan long enough to watch its progress bar.
    startShop(goodShop, { latencyMs: 1200 }),
  ]);
  // The in-app scan report's shop: its own domain, so its per-domain scan limit is its own.
  const form = formShop({ origin: "https://app-report-shop.test" });
  const reportShop = await startShop(form.routes, form.book.options());
  shops = [good, jsShell, challenge, reportShop, slow];
  // The monitor tests change this shop's score and receive webhooks at hooks.test.
  monitoredShop = await startShop(mutableShop());
  receiver = await startWebhookReceiver();
  // An OAuth client identified by its metadata document (test/e2e/oauth-attacks.test.ts).
  cimd = await startCimdFixture();
  const fixtures = [
    snippetFixtures.outboundResolve,
    `good-shop.test=127.0.0.1:${good.port}`,
    // The replay test's own name for the good shop: it scans three times, and the
    // per-domain limit (5 an hour) is shared by every test that scans good-shop.test.
    `replay-shop.test=127.0.0.1:${good.port}`,
    `slow-shop.test=127.0.0.1:${slow.port}`,
    `js-shell.test=127.0.0.1:${jsShell.port}`,
    `challenge.test=127.0.0.1:${challenge.port}`,
    "gone.test=127.0.0.1:9",
    `app-report-shop.test=127.0.0.1:${reportShop.port}`,
    `monitored-shop.test=127.0.0.1:${monitoredShop.port}`,
    `hooks.test=127.0.0.1:${receiver.port}`,
    `${CIMD_HOST}=127.0.0.1:${cimd.port}`,
  ];
  // agent-readiness.test is the server itself, so it can scan its own base URL.
  server = await startLocalServer((port) => ({
    OUTBOUND_RESOLVE: [...fixtures, `${SELF_HOST}=127.0.0.1:${port}`].join(","),
  }));
  project.provide("baseUrl", server.baseUrl);
  project.provide("snippetFixturePort", snippetFixtures.port);
  project.provide("monitoredShopPort", monitoredShop.port);
  project.provide("webhookReceiverPort", receiver.port);
  project.provide("selfHost", SELF_HOST);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await snippetFixtures?.close();
  await Promise.all(shops.map((s) => s.close()));
  await monitoredShop?.close();
  await receiver?.close();
  await cimd?.close();
}
