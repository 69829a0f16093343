import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { LOCAL_SWITCHES } from "../shared/config/local-switches.ts";
import { clockShiftMs, testClockSetup } from "./clock-shift.ts";
import { squashMigrations } from "./squashed-schema.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The D1 schema each test file starts from: the committed migrations, squashed (test/squashed-schema.ts). */
export async function testMigrations() {
  return squashMigrations(await readD1Migrations(path.join(root, "migrations")));
}

/** Every local switch on, as in a local run (shared/config/local-switches.ts). */
export const LOCAL_SWITCHES_ON = Object.fromEntries(Object.keys(LOCAL_SWITCHES).map((name) => [name, "1"]));

/**
 * One vitest project per Worker, running inside workerd against that Worker's own
 * wrangler config, with real D1 (migrations applied in setup), Durable Objects and
 * queues. Offline: remote bindings are off.
 */
export async function workerProject(
  name: string,
  configPath: string,
  options: { miniflare?: Record<string, unknown>; migrations?: boolean; main?: string; setupFiles?: string[] } = {},
) {
  const migrations = await testMigrations();
  return defineProject({
    plugins: [
      cloudflareTest({
        remoteBindings: false,
        ...(options.main ? { main: path.join(root, options.main) } : {}),
        wrangler: { configPath: path.join(root, configPath) },
        miniflare: {
          ...options.miniflare,
          bindings: {
            TEST_MIGRATIONS: migrations,
            ...LOCAL_SWITCHES_ON,
            OUTBOUND_RESOLVE: "",
            ...(options.miniflare?.bindings as Record<string, unknown> | undefined),
          },
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      name,
      include: [`test/${name}/**/*.test.ts`],
      setupFiles: [
        testClockSetup,
        ...(options.migrations === false ? [] : [path.join(root, "test/setup/apply-migrations.ts")]),
        ...(options.setupFiles ?? []).map((file) => path.join(root, file)),
      ],
      provide: { clockShiftMs },
    },
    root,
  });
}
