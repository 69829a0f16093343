import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { clockShiftMs, testClockSetup } from "../clock-shift.ts";
import { squashMigrations } from "../squashed-schema.ts";
import { LANE_WORKERS, testMigrations } from "../worker-project.ts";

const root = path.resolve(import.meta.dirname, "../..");

declare module "vitest" {
  export interface ProvidedContext {
    peerRobotsCases: string;
    /** JSON {path: text} of every HTML page under ../shared/data/real-shops ("{}" when absent). */
    realShopPages: string;
    /** docs/api.md, whose error-code table must match shared/result/error-codes.ts. */
    apiGuide: string;
  }
}

// google/robotstxt's own test cases (../shared/data/peer-robots) exist only on machines
// that have ../shared; the robots peer test reads them when present and skips otherwise.
const peerRobotsFile = path.resolve(root, "../shared/data/peer-robots/robots_test_cases.json");
const peerRobotsCases = existsSync(peerRobotsFile) ? readFileSync(peerRobotsFile, "utf8") : "";

// The real-shop captures (../shared/data/real-shops) for the HTML corpus test, when present.
const realShopsDir = path.resolve(root, "../shared/data/real-shops");
const realShopPages: Record<string, string> = {};
if (existsSync(realShopsDir)) {
  for (const entry of readdirSync(realShopsDir, { recursive: true, encoding: "utf8" })) {
    if (entry.endsWith(".html")) realShopPages[entry] = readFileSync(path.join(realShopsDir, entry), "utf8");
  }
}

// Shared domain code runs in workerd too (it uses Web Crypto, HTMLRewriter, D1),
// without any Worker's config: just the runtime and a scratch D1.
export default defineProject({
  plugins: [
    cloudflareTest({
      remoteBindings: false,
      miniflare: {
        compatibilityDate: "2026-11-01",
        compatibilityFlags: ["nodejs_compat"],
        // MIGRATED: a second scratch D1 where test/unit/squashed-schema.test.ts replays the
        // committed migrations one by one, to compare with the squashed schema of DB.
        // ANALYTICS: a scratch database with an analytics shard's schema (migrations-shard/),
        // where the rollup's and reports' SQL is tested without a Durable Object: D1 keeps
        // no aggregates (migrations/0024_drop_d1_analytics_copies.sql).
        d1Databases: ["DB", "MIGRATED", "ANALYTICS"],
        bindings: {
          TEST_MIGRATIONS: await testMigrations(),
          TEST_SHARD_MIGRATIONS: squashMigrations(await readD1Migrations(path.join(root, "migrations-shard"))),
          TEST_MIGRATIONS_ALL: await readD1Migrations(path.join(root, "migrations")),
        },
      },
    }),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    name: "unit",
    // One runtime for all the project's files, each starting from empty storage (test/worker-project.ts).
    isolate: false,
    maxWorkers: LANE_WORKERS,
    include: ["test/unit/**/*.test.ts"],
    setupFiles: [
      testClockSetup,
      path.join(root, "test/setup/apply-migrations.ts"),
      path.join(root, "test/setup/apply-shard-schema.ts"),
    ],
    provide: {
      clockShiftMs,
      apiGuide: readFileSync(path.join(root, "docs/api.md"), "utf8"),
      peerRobotsCases,
      realShopPages: JSON.stringify(realShopPages),
    },
  },
  root,
});
