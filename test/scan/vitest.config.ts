import path from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { clockShiftMs, testClockSetup } from "../clock-shift.ts";
import { LOCAL_SWITCHES_ON, neutralisedDevVars, testMigrations } from "../worker-project.ts";

const root = path.resolve(import.meta.dirname, "../..");
const migrations = await testMigrations();

// The scan Worker in workerd with its own wrangler config; fixture shops (started in
// global-setup.ts) are reached through the OUTBOUND_RESOLVE binding, so every fetch
// goes through the real SSRF guard.
export default defineProject({
  plugins: [
    cloudflareTest(({ inject }) => ({
      remoteBindings: false,
      wrangler: { configPath: path.join(root, "workers/scan/wrangler.toml") },
      miniflare: {
        bindings: {
          ...neutralisedDevVars(path.join(root, "workers/scan/wrangler.toml")),
          TEST_MIGRATIONS: migrations,
          ...LOCAL_SWITCHES_ON,
          // Not the e2e lane's server's, from npm start's .dev.vars (test/worker-project.ts).
          PUBLIC_BASE_URL: "",
          OUTBOUND_RESOLVE: [
            inject<string>("outboundResolve"),
            inject<string>("monitorsResolve"),
            inject<string>("realShopsResolve"),
          ]
            .filter(Boolean)
            .join(","),
          REAL_SHOPS: inject<string>("realShops"),
          EDGE_SHOP_PORT: inject<number>("edgeShopPort"),
          MONITORED_SHOP_PORT: inject<number>("monitoredShopPort"),
          DOWNABLE_SHOP_PORT: inject<number>("downableShopPort"),
          WEBHOOK_RECEIVER_PORT: inject<number>("webhookReceiverPort"),
        },
      },
    })),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    name: "scan",
    // One runtime for all the project's files, each starting from empty storage (test/worker-project.ts).
    isolate: false,
    include: ["test/scan/**/*.test.ts"],
    globalSetup: [
      path.join(root, "test/scan/global-setup.ts"),
      path.join(root, "test/scan/monitors-global-setup.ts"),
      path.join(root, "test/scan/real-shops-global-setup.ts"),
    ],
    setupFiles: [testClockSetup, path.join(root, "test/setup/apply-migrations.ts")],
    provide: { clockShiftMs },
    testTimeout: 30_000,
    // One runtime, after the other projects (with ingest): the fixture shops and the webhook
    // receiver of the global setups are shared by every runtime, and tests script them.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
  root,
});
