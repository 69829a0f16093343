#!/usr/bin/env node
// `npm run deploy:check`: `wrangler deploy --dry-run` for every Worker, offline. It
// bundles each Worker and validates its config without an account.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workers } from "./workers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const out = mkdtempSync(path.join(tmpdir(), "deploy-check-"));
let failed = 0;

for (const w of workers) {
  const run = spawnSync(wrangler, ["deploy", "--dry-run", "-c", w.config, "--outdir", path.join(out, w.name)], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    encoding: "utf8",
  });
  const size = /Total Upload: ([^\n]+)/.exec(run.stdout)?.[1] ?? "?";
  if (run.status === 0) console.log(`ok    ${w.name.padEnd(7)} ${size}`);
  else {
    failed++;
    console.log(`FAIL  ${w.name}\n${run.stdout}${run.stderr}`);
  }
}
rmSync(out, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
