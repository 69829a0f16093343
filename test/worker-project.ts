import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { LOCAL_SWITCHES } from "../shared/config/local-switches.ts";
import { clockShiftMs, testClockSetup } from "./clock-shift.ts";
import { squashMigrations } from "./squashed-schema.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The D1 schema each test file starts from: the committed migrations, squashed (test/squashed-schema.ts). */
export async function testMigrations() {
  return squashMigrations(await readD1Migrations(path.join(root, "migrations")));
}

/**
 * Runtimes at once for the projects that can share the machine (a project's own setting:
 * projects do not inherit the root's): one per core, not vitest's default of one less. A
 * project's files share their runtime (isolate: false), so the main process has little to
 * do beside them, and on 2 cores the default ran the whole lane one file at a time. ingest
 * and scan keep one runtime and run after the others (their vitest.config.ts).
 */
export const LANE_WORKERS = "100%";

/** Every local switch on, as in a local run (shared/config/local-switches.ts). */
export const LOCAL_SWITCHES_ON = Object.fromEntries(Object.keys(LOCAL_SWITCHES).map((name) => [name, "1"]));

/**
 * The .dev.vars a local run (`npm start`, the e2e lane's server) leaves beside a Worker's
 * config, each name set back to the config's own value ("" when it declares none). The
 * plugin reads that file like `wrangler dev` does, and offers no way to skip it: without
 * this, a fast-lane run beside the e2e lane (CI runs both at once) or after `npm start`
 * saw that server's PUBLIC_BASE_URL, OUTBOUND_RESOLVE and app secrets.
 */
export function neutralisedDevVars(configPath: string): Record<string, string> {
  const file = path.join(path.dirname(configPath), ".dev.vars");
  if (!existsSync(file)) return {};
  const declared = (unstable_readConfig({ config: configPath }).vars ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    // One NAME=value a line (dotenv's form; scripts/start.mjs writes JSON-quoted values).
    [...readFileSync(file, "utf8").matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map(([, name]) => [
      name,
      typeof declared[name] === "string" ? (declared[name] as string) : "",
    ]),
  );
}

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
            ...neutralisedDevVars(path.join(root, configPath)),
            TEST_MIGRATIONS: migrations,
            ...LOCAL_SWITCHES_ON,
            // Set even when no .dev.vars existed as this config was read: in .ci/run the e2e
            // lane's server may write one later, and its address and map must not reach a test.
            OUTBOUND_RESOLVE: "",
            PUBLIC_BASE_URL: "",
            ...(options.miniflare?.bindings as Record<string, unknown> | undefined),
          },
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      name,
      include: [`test/${name}/**/*.test.ts`],
      // One runtime runs all of the project's files, one after another, instead of a runtime
      // started per file (1.5-4 s each, most of the lane's time): the first setup file after
      // the clock's gives each file empty storage and the schema again (test/setup/
      // apply-migrations.ts), and tests use fresh ids, so no file depends on the one before.
      isolate: false,
      maxWorkers: LANE_WORKERS,
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
