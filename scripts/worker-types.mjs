#!/usr/bin/env node
// `npm run types` regenerates each Worker's Env types from its wrangler config;
// with --check it fails when a committed file is stale (run by `npm run check`).
import { spawnSync } from "node:child_process";
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
  ];
  if (check) args.push("--check");
  const run = spawnSync(wrangler, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
  });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    console.error(`${w.types} is ${check ? "stale: run npm run types" : "not generated"}`);
    process.exit(1);
  }
}
console.log(`worker types ${check ? "up to date" : "generated"} (${workers.length} Workers)`);
