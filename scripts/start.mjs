#!/usr/bin/env node
// `npm start`: apply D1 migrations to the local state, then run all five Workers in one
// wrangler dev process on one base URL (docs/architecture.md). No account, no network.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";
import { LOCAL_SWITCHES } from "../shared/config/local-switches.ts";
import { localSecrets } from "./local-secrets.mjs";
import { SCALAR_BUNDLE, scalarBundleReady } from "./scalar-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const port = process.env.PORT || "8787";
const host = process.env.HOST || "127.0.0.1";
const persistTo = process.env.PERSIST_TO || ".wrangler/state";
const outboundResolve = process.env.OUTBOUND_RESOLVE || "";
// The origin this run answers on and links in mail point to (docs/security.md, issue 41
// #3): the one wrangler prints, unless PUBLIC_BASE_URL names another. Every Worker gets
// it, so the edge refuses any other Host and mail never takes a link from a request.
const loopback = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
const publicBaseUrl =
  process.env.PUBLIC_BASE_URL || `http://${loopback.includes(":") ? `[${loopback}]` : loopback}:${port}`;

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
  // Miniflare otherwise fetches the `request.cf` sample from workers.cloudflare.com at
  // every start and prints a stack trace when offline; its built-in placeholder is what
  // a local run gets anyway.
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const configs = [
  "wrangler.toml",
  "workers/scan/wrangler.toml",
  "workers/ingest/wrangler.toml",
  "workers/v1/wrangler.toml",
  "workers/app/wrangler.toml",
];

/**
 * Applies the D1 migrations not yet applied to the local state, the way
 * `wrangler d1 migrations apply --local` does (same database, same `d1_migrations` table,
 * each migration and its record in one batch), in one runtime for all of them instead of
 * one wrangler run per migration with its table printed after each; one summary line.
 */
async function applyMigrations() {
  const config = unstable_readConfig({ config: path.join(root, "workers/v1/wrangler.toml") });
  const d1 = config.d1_databases.find((db) => db.binding === "DB");
  const table = d1.migrations_table ?? "d1_migrations";
  const dir = path.resolve(root, "workers/v1", d1.migrations_dir ?? "migrations");
  // A config holding only the database, so no other binding of the v1 Worker is started.
  const only = path.join(root, ".wrangler/tmp/migrations.wrangler.json");
  mkdirSync(path.dirname(only), { recursive: true });
  const { binding, database_name, database_id, preview_database_id } = d1;
  writeFileSync(
    only,
    JSON.stringify({
      name: "agent-readiness-migrations",
      compatibility_date: config.compatibility_date,
      d1_databases: [{ binding, database_name, database_id, preview_database_id }],
    }),
  );
  const proxy = await getPlatformProxy({
    configPath: only,
    persist: { path: path.resolve(root, persistTo, "v3") },
    remoteBindings: false,
    envFiles: [],
  });
  try {
    const db = proxy.env.DB;
    await db
      .prepare(
        `CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
      )
      .run();
    const applied = new Set((await db.prepare(`SELECT name FROM ${table}`).all()).results.map((r) => r.name));
    const pending = readdirSync(dir)
      .filter((f) => f.endsWith(".sql") && !applied.has(f))
      .sort();
    for (const file of pending) {
      const queries = unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8"));
      try {
        await db.batch([
          ...queries.map((q) => db.prepare(q)),
          db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(file),
        ]);
      } catch (e) {
        throw new Error(`migration ${file} failed: ${e instanceof Error ? e.message : e}`);
      }
    }
    console.log(
      `D1 migrations: ${pending.length} applied, ${applied.size} already in ${path.relative(root, path.resolve(root, persistTo))}`,
    );
  } finally {
    await proxy.dispose();
  }
}

// The v1 Worker serves the API reference's bundle, which `npm install` fetches
// (scripts/scalar-bundle.mjs); without it wrangler cannot build the Worker.
if (!scalarBundleReady()) {
  console.error(
    `start: ${path.relative(root, SCALAR_BUNDLE)} (the API reference's bundle) is missing or of another version: run \`npm install\`, which fetches it.`,
  );
  process.exit(1);
}

try {
  await applyMigrations();
} catch (e) {
  console.error(`start: applying D1 migrations failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}

const args = ["dev", ...configs.flatMap((c) => ["-c", c])];
args.push("--ip", host, "--port", port, "--persist-to", persistTo, "--show-interactive-dev-session=false");

// Every local-only switch (declared once in shared/config/local-switches.ts, imported as
// TypeScript: the pinned node@22 (>= 22.18) strips the types; each switch is named
// for what it turns on) and the OUTBOUND_RESOLVE map. `--var` reaches only the primary
// config, so each config gets a .dev.vars beside it (gitignored; deploys never read it).
// CLIENT_ADDRESS_FROM_HEADER=1 (the e2e harness and benches, test/helpers/node/local-server.ts)
// leaves LOOPBACK_CLIENT_ADDRESS off, so a test stands in for many networks by sending
// CF-Connecting-IP; a plain `npm start` never takes the address from the client.
const switchOff = (name) => name === "LOOPBACK_CLIENT_ADDRESS" && process.env.CLIENT_ADDRESS_FROM_HEADER === "1";
const devVars = `${Object.keys(LOCAL_SWITCHES)
  .map((name) => `${name}="${switchOff(name) ? "" : "1"}"\n`)
  .join("")}OUTBOUND_RESOLVE=${JSON.stringify(outboundResolve)}\nPUBLIC_BASE_URL=${JSON.stringify(publicBaseUrl)}\n`;
for (const config of configs) writeFileSync(path.join(root, path.dirname(config), ".dev.vars"), devVars);
// The application (docs/app.md "Getting started"): locally the first visit creates the
// owner without the bootstrap secret (LOCAL_OWNER_SIGNUP) and anyone may sign up (a
// deployment defaults to invitations); SIGNUP_MODE=invite npm start tries the latter.
const signupMode = process.env.SIGNUP_MODE === "invite" ? "invite" : "open";
// Its secrets are this local state's own, made at random once (scripts/local-secrets.mjs).
const secrets = Object.entries(localSecrets(path.resolve(root, persistTo)))
  .map(([name, value]) => `${name}=${JSON.stringify(value)}\n`)
  .join("");
writeFileSync(
  path.join(root, "workers/app/.dev.vars"),
  `${devVars}LOCAL_OWNER_SIGNUP="1"\nSIGNUP_MODE="${signupMode}"\nMAIL_FROM="no-reply@agent-readiness.localhost"\n${secrets}`,
);

const dev = spawn(wrangler, args, { cwd: root, env, stdio: ["inherit", "pipe", "pipe"] });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
for (const [from, to] of [
  [dev.stdout, process.stdout],
  [dev.stderr, process.stderr],
])
  quiet(from, to);

/**
 * wrangler dev's output less what a local run does not need: each Worker's table of
 * bindings (printed per Worker, twice for the first: hundreds of lines, the same every
 * start), the note on secrets read from .dev.vars and on cross-process bindings, and the
 * cron hint, which names a route this setup does not serve (the edge's `/__scheduled`
 * runs every Worker's jobs; README). Everything else passes: errors, warnings, requests.
 */
function quiet(from, to) {
  let inTable = false;
  let skip = 0;
  const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    const plain = stripVTControlCharacters(line);
    if (inTable) {
      if (plain.trim() === "") inTable = false;
      return;
    }
    if (skip > 0) {
      // The cron hint's lines, up to its "For more details" link.
      skip = /For more details/.test(plain) ? 0 : skip - 1;
      return;
    }
    if (/has access to the following bindings:$/.test(plain)) {
      inTable = true;
      return;
    }
    if (/^Using secrets defined in /.test(plain)) return;
    if (/^Service bindings, Durable Object bindings, and Tail consumers connect/.test(plain)) return;
    if (/Scheduled Workers are not automatically triggered during local development/.test(plain)) {
      skip = 6;
      return;
    }
    if (plain.trim() === "") return;
    to.write(`${line}\n`);
    const ready = plain.match(/Ready on (http\S+)/);
    if (ready)
      to.write(`Cron jobs run on demand: ${ready[1]}/__scheduled?cron=<expression> (every job without cron)\n`);
  });
}
