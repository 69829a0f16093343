import type { TestProject } from "vitest/node";
import { mutableShop } from "../fixtures/monitors/mutable-shop";
import { type RunningReceiver, startWebhookReceiver } from "../fixtures/monitors/webhook-receiver";
import { type RunningShop, startShop } from "../fixtures/shops/shop-server";

declare module "vitest" {
  export interface ProvidedContext {
    monitorsResolve: string;
    monitoredShopPort: number;
    downableShopPort: number;
    webhookReceiverPort: number;
  }
}

let shop: RunningShop | undefined;
let steadyShop: RunningShop | undefined;
let downableShop: RunningShop | undefined;
let receiver: RunningReceiver | undefined;

// Monitor tests: a shop whose score can be changed and a webhook receiver, both
// reached by the Worker only through OUTBOUND_RESOLVE.
export async function setup(project: TestProject): Promise<void> {
  shop = await startShop(mutableShop());
  // Never switched: test files run in parallel, and this one's score must not move.
  steadyShop = await startShop(mutableShop());
  // Only switched by the "shop goes down" test.
  downableShop = await startShop(mutableShop());
  receiver = await startWebhookReceiver();
  project.provide(
    "monitorsResolve",
    [
      `monitored-shop.test=127.0.0.1:${shop.port}`,
      `steady-shop.test=127.0.0.1:${steadyShop.port}`,
      `downable-shop.test=127.0.0.1:${downableShop.port}`,
      `hooks.test=127.0.0.1:${receiver.port}`,
    ].join(","),
  );
  project.provide("monitoredShopPort", shop.port);
  project.provide("downableShopPort", downableShop.port);
  project.provide("webhookReceiverPort", receiver.port);
}

export async function teardown(): Promise<void> {
  await Promise.all([shop?.close(), steadyShop?.close(), downableShop?.close(), receiver?.close()]);
}
