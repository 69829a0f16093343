#!/usr/bin/env node
// `npm run deploy:check`: `wrangler deploy --dry-run` for every Worker, offline. It
// bundles each Worker and validates its config without an account. With SERVICE_HOST
// set (the public hostname), the edge and ingest Workers are dry-run with their
// production routes (scripts/production-routes.mjs) and the deploy commands carrying
// them are printed; nothing host-specific is committed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkHost, productionRoutes } from "./production-routes.mjs";
import { workers } from "./workers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const out = mkdtempSync(path.join(tmpdir(), "deploy-check-"));
let failed = 0;

const host = process.env.SERVICE_HOST ?? "";
const hostError = host === "" ? null : checkHost(host);
if (hostError) {
  console.log(`FAIL  ${hostError}`);
  process.exit(1);
}
const routes = host === "" ? {} : productionRoutes(host);
const routeArgs = (name) => (routes[name] ?? []).flatMap((r) => ["--route", r]);

for (const w of workers) {
  const args = ["deploy", "--dry-run", "-c", w.config, "--outdir", path.join(out, w.name), ...routeArgs(w.name)];
  const run = spawnSync(wrangler, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    encoding: "utf8",
  });
  const size = /Total Upload: ([^\n]+)/.exec(run.stdout)?.[1] ?? "?";
  const routed = routes[w.name] ? `  routes ${routes[w.name].join(", ")}` : "";
  if (run.status === 0) console.log(`ok    ${w.name.padEnd(7)} ${size}${routed}`);
  else {
    failed++;
    console.log(`FAIL  ${w.name}\n${run.stdout}${run.stderr}`);
  }
}
rmSync(out, { recursive: true, force: true });
if (host !== "" && !failed) {
  // Deploy order of docs/deploy.md: the product Workers first, the edge last.
  console.log("\nDeploy with the routes (docs/deploy.md, step 6):");
  for (const w of [...workers.filter((x) => x.name !== "edge"), ...workers.filter((x) => x.name === "edge")])
    console.log(
      `  npx wrangler deploy -c ${w.config}${routeArgs(w.name)
        .map((a) => (a === "--route" ? " --route" : ` "${a}"`))
        .join("")}`,
    );
}
if (host === "") console.log("(SERVICE_HOST unset: checked without production routes)");
process.exit(failed ? 1 : 0);
