#!/usr/bin/env node
// `npm start`: apply D1 migrations to the local state, then run all five Workers in one
// wrangler dev process on one base URL (docs/architecture.md). No account, no network.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_SWITCHES } from "../shared/config/local-switches.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const port = process.env.PORT || "8787";
const host = process.env.HOST || "127.0.0.1";
const persistTo = process.env.PERSIST_TO || ".wrangler/state";
const outboundResolve = process.env.OUTBOUND_RESOLVE || "";

// Keep wrangler offline and quiet about it: no metrics, no update checks.
// X_LOCAL_OBSERVABILITY=false: wrangler's local trace store (on by default) keeps every
// request's full URL and the runtime's attributes (User-Agent among them), which
// docs/privacy.md says are not kept; `[observability]` in the configs turns off the same
// in a deployment.
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CI: "true",
  X_LOCAL_OBSERVABILITY: "false",
};

const configs = [
  "wrangler.toml",
  "workers/scan/wrangler.toml",
  "workers/ingest/wrangler.toml",
  "workers/v1/wrangler.toml",
  "workers/app/wrangler.toml",
];

const migrate = spawnSync(
  wrangler,
  ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo, "-c", "workers/v1/wrangler.toml"],
  { cwd: root, env, stdio: "inherit" },
);
if (migrate.status !== 0) {
  console.error("start: applying D1 migrations failed");
  process.exit(migrate.status ?? 1);
}

const args = ["dev", ...configs.flatMap((c) => ["-c", c])];
args.push("--ip", host, "--port", port, "--persist-to", persistTo, "--show-interactive-dev-session=false");

// Every local-only switch (declared once in shared/config/local-switches.ts, imported as
// TypeScript: the pinned node@22 (>= 22.18) strips the types; each switch is named
// for what it turns on) and the OUTBOUND_RESOLVE map. `--var` reaches only the primary
// config, so each config gets a .dev.vars beside it (gitignored; deploys never read it).
const devVars = `${Object.keys(LOCAL_SWITCHES)
  .map((name) => `${name}="1"\n`)
  .join("")}OUTBOUND_RESOLVE=${JSON.stringify(outboundResolve)}\n`;
for (const config of configs) writeFileSync(path.join(root, path.dirname(config), ".dev.vars"), devVars);
// The application (docs/app.md "Getting started"): locally the first visit creates the
// owner without the bootstrap secret (LOCAL_OWNER_SIGNUP) and anyone may sign up (a
// deployment defaults to invitations); SIGNUP_MODE=invite npm start tries the latter.
const signupMode = process.env.SIGNUP_MODE === "invite" ? "invite" : "open";
writeFileSync(
  path.join(root, "workers/app/.dev.vars"),
  `${devVars}LOCAL_OWNER_SIGNUP="1"\nSIGNUP_MODE="${signupMode}"\nMAIL_FROM="no-reply@agent-readiness.localhost"\n`,
);

const dev = spawn(wrangler, args, { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
