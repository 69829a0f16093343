#!/usr/bin/env node
// `npm run types` regenerates each Worker's Env types from its wrangler config;
// with --check it fails when a committed file is stale (run by `npm run check`).
// wrangler types also reads a .dev.vars beside each config (npm start writes those:
// local-only switches), unless it is given env files: so it is given the empty device
// (os.devNull), and the types and their hash match what a fresh clone produces. The .dev.vars
// files stay where they are: the e2e lane's local server, started beside the fast lane
// in .ci/run, reads them (moving them aside here once started that server without its
// local switches: no /__admin, no sign-up).
import { spawnSync } from "node:child_process";
import { devNull } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workers } from "./workers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const check = process.argv.includes("--check");

for (const w of workers) {
  const args = [
    "types",
    "-c",
    w.config,
    "--include-runtime=false",
    "--strict-vars=false",
    "--env-interface",
    w.envInterface,
    w.types,
    "--env-file",
    devNull,
  ];
  if (check) args.push("--check");
  const run = spawnSync(wrangler, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_INCLUDE_PROCESS_ENV: "false" },
    encoding: "utf8",
  });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    console.error(`${w.types} is ${check ? "stale: run npm run types" : "not generated"}`);
    process.exit(1);
  }
}
console.log(`worker types ${check ? "up to date" : "generated"} (${workers.length} Workers)`);
