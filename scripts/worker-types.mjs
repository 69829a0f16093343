#!/usr/bin/env node
// `npm run types` regenerates each Worker's Env types from its wrangler config;
// with --check it fails when a committed file is stale (run by `npm run check`).
// wrangler types also reads a .dev.vars beside each config, and npm start writes those
// (local-only switches), so they are moved aside while generating: the types and
// their hash then match what a fresh clone produces.
import { spawnSync } from "node:child_process";
import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workers } from "./workers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const check = process.argv.includes("--check");

const devVars = workers
  .map((w) => path.join(root, path.dirname(w.config), ".dev.vars"))
  .filter((file) => existsSync(file));
for (const file of devVars) renameSync(file, `${file}.aside`);
process.on("exit", () => {
  for (const file of devVars) renameSync(`${file}.aside`, file);
});

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
