// `npm run bench:beacon-direct` (also the last part of `npm run bench:ingest`): the
// beacon's own cost against the runtime's limit, without the local edge hop, as
// production runs it when Workers routes send /ingest/* straight to the ingest Worker
// (docs/performance.md). Two `wrangler dev` processes, each with its own state and its
// own dev registry (so no queue message reaches another local process): the ingest
// Worker as configured (its D1 migrated, one site) and a bare Worker answering 204.
// The ingest process also runs the queue consumer and the shards' writes on the
// beacons' workerd thread, which production runs in invocations of their own; leaving
// the consumer out does not help locally (Miniflare then forwards every send to the dev
// registry and logs the drop through Node, which costs more: docs/performance.md,
// "Where a beacon's time went"). Interleaved rounds of 2,000 requests at concurrency
// 16; the round with the median ratio is reported, with the 1-minute load average.
// Target (issue 18): beacon >= 0.7x the bare Worker.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../test/helpers/node/local-server";
import { beaconSender, pairedRounds } from "./throughput";

const root = path.resolve(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 16;

const scratch = mkdtempSync(path.join(tmpdir(), "bench-beacon-direct-"));
const children: ChildProcess[] = [];
const ingestConfig = "workers/ingest/wrangler.toml";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(args: string[]) {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")}:\n${r.stdout}${r.stderr}`);
}

/**
 * Starts `wrangler dev` on a free port; its output goes to a log in the scratch folder.
 * The inspector port is chosen here too: wrangler's default (9229 when free) collides
 * when two processes start at once.
 */
async function serve(args: string[], log: string): Promise<string> {
  const [port, inspector] = [await freePort(), await freePort()];
  const out = openSync(path.join(scratch, `${log}.log`), "w");
  const all = ["dev", ...args, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector)];
  const registry = { ...env, WRANGLER_REGISTRY_PATH: path.join(scratch, `registry-${log}`) };
  const child = spawn(wrangler, all, { cwd: root, env: registry, stdio: ["ignore", out, out], detached: true });
  children.push(child);
  return `http://127.0.0.1:${port}`;
}

/** The end of a process's log, for a start-up that failed. */
function logTail(log: string): string {
  return readFileSync(path.join(scratch, `${log}.log`), "utf8").slice(-3000);
}

/** Migrates a fresh local D1 for `config` and inserts one workspace and its site. */
function prepareState(config: string, name: string): string {
  const state = path.join(scratch, name);
  run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state, "-c", config]);
  run([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "-c",
    config,
    "--command",
    "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'bench', 0); INSERT INTO sites (id, workspace_id, domain, name, public_token, created_at) VALUES ('site_bench', 'ws_bench', 'bench-shop.example', 'bench', 'pt_bench', 0);",
  ]);
  return state;
}

async function ready(url: string, status: number, log: string) {
  for (let i = 0; i < 960; i++) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer ${status}; the end of its log:\n${logTail(log)}`);
}

async function startIngest(config: string, state: string, log: string): Promise<string> {
  const base = await serve(["-c", config, "--persist-to", state], log);
  await ready(`${base}/sdk/v1/agent.js`, 200, log);
  return base;
}

try {
  const state = prepareState(ingestConfig, "ingest");
  const bareBase = await serve(["-c", "bench/bare-worker/wrangler.toml"], "bare");
  const ingestBase = await startIngest(ingestConfig, state, "ingest");
  await ready(`${bareBase}/`, 204, "bare");

  const beacon = { send: beaconSender(ingestBase, "pt_bench"), status: 202 };
  const bareWorker = { send: () => fetch(`${bareBase}/`), status: 204 };
  const load = loadavg()[0];
  // pairedRounds warms both up (module load, first D1 open, salt fetch, token cache).
  const rounds = await pairedRounds(bareWorker, beacon, REQUESTS, CONCURRENCY);
  const median = rounds[1];
  const result = {
    bench: "beacon-direct",
    requests_per_round: REQUESTS,
    concurrency: CONCURRENCY,
    load_average_1m: Number(load.toFixed(1)),
    bare_worker_rps: Math.round(median.baseline),
    beacon_rps: Math.round(median.subject),
    ratio_to_bare: Number(median.ratio.toFixed(2)),
    ratios_per_round: rounds.map((r) => Number(r.ratio.toFixed(2))),
    target_ratio: 0.7,
  };
  console.table([result]);
  console.log(JSON.stringify(result));
} finally {
  for (const c of children) if (c.pid && c.exitCode === null) process.kill(-c.pid, "SIGTERM");
  rmSync(scratch, { recursive: true, force: true });
}
