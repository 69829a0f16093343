// `npm run bench:beacon-direct` (also the last part of `npm run bench:ingest`): the
// beacon's own cost against the runtime's limit, without the local edge hop, as
// production runs it when Workers routes send /ingest/* straight to the ingest Worker
// (docs/performance.md, "Beacon against a bare Worker"). Three Workers under wrangler's
// dev server (`unstable_dev`, the API behind `wrangler dev`), each its own workerd
// process with its own state:
//   - a bare Worker answering 204 without reading the request: the runtime's limit;
//   - the floor for any beacon (bench/enqueue-worker): read and parse the body, one
//     queue send, answer 202; no check, no classification, no hash;
//   - the ingest Worker with its queue's consumer left out of its config: the beacon's
//     own work, its queue send included (the send reaches Miniflare's local queue
//     broker, which answers it; no consumer runs in this process, as in production,
//     where the consumer runs in invocations of its own);
//   - the ingest Worker as configured: the consumer and the shards' writes run on the
//     beacons' workerd thread, which production never does.
// The dev registry is off, so no process hands a message to another. Every Worker gets
// the same request (the snippet's beacon: POST, JSON body, its headers), so the client's
// own cost is the same on both sides of each ratio. Interleaved rounds of 2,000
// requests at concurrency 16; the round with the median ratio is reported, with the
// 1-minute load average. Target (issue 18): the beacon >= 0.7x the bare Worker. The
// floor says how much of the gap any Worker that reads a beacon and enqueues it pays.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type Unstable_DevWorker, unstable_dev } from "wrangler";
import { beaconSender, pairedRounds, type Sender } from "./throughput";

const root = path.resolve(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 16;

const scratch = mkdtempSync(path.join(tmpdir(), "bench-beacon-direct-"));
const workers: Unstable_DevWorker[] = [];
const ingestConfig = path.join(root, "workers/ingest/wrangler.toml");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(args: string[]) {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")}:\n${r.stdout}${r.stderr}`);
}

/** `text` with `pattern` replaced; throws when the pattern is not there (config changed). */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`workers/ingest/wrangler.toml no longer has ${pattern}`);
  return text.replace(pattern, by);
}

/**
 * The ingest Worker's own config without its `[[queues.consumers]]` table, written to
 * the scratch folder (its relative paths made absolute): the producer binding stays.
 */
function producerOnlyConfig(): string {
  let toml = readFileSync(ingestConfig, "utf8");
  toml = replaceOnce(
    toml,
    /^main = "index\.ts"$/m,
    `main = ${JSON.stringify(path.join(root, "workers/ingest/index.ts"))}`,
  );
  toml = replaceOnce(
    toml,
    /^migrations_dir = "\.\.\/\.\.\/migrations"$/m,
    `migrations_dir = ${JSON.stringify(path.join(root, "migrations"))}`,
  );
  toml = replaceOnce(toml, /^\[\[queues\.consumers\]\]\n(?:(?!\[)[^\n]*\n)*/m, "");
  const file = path.join(scratch, "ingest-producer-only.toml");
  writeFileSync(file, toml);
  return file;
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

/** Starts one Worker under wrangler's dev server; its base URL. */
async function serve(script: string, config: string, persistTo?: string): Promise<string> {
  const worker = await unstable_dev(script, {
    config,
    persistTo,
    ip: "127.0.0.1",
    logLevel: "error",
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
  workers.push(worker);
  return `http://127.0.0.1:${worker.port}`;
}

/** `subjectBase` against the bare Worker, both sent the same beacon; the median round. */
async function measure(shape: string, subjectBase: string, bareBase: string) {
  const bare: Sender = { send: beaconSender(bareBase, "pt_bench"), status: 204 };
  const beacon: Sender = { send: beaconSender(subjectBase, "pt_bench"), status: 202 };
  const load = loadavg()[0];
  // pairedRounds warms both up (module load, first D1 open, salt fetch, token cache).
  const rounds = await pairedRounds(bare, beacon, REQUESTS, CONCURRENCY, ROUNDS);
  const median = rounds[Math.floor(rounds.length / 2)];
  return {
    shape,
    load_average_1m: Number(load.toFixed(1)),
    bare_worker_rps: Math.round(median.baseline),
    rps: Math.round(median.subject),
    ratio_to_bare: Number(median.ratio.toFixed(2)),
    ratios_per_round: rounds.map((r) => Number(r.ratio.toFixed(2))),
  };
}

try {
  const producerOnly = producerOnlyConfig();
  const ownState = prepareState(producerOnly, "ingest-producer-only");
  const configuredState = prepareState(ingestConfig, "ingest-as-configured");
  const ingestScript = path.join(root, "workers/ingest/index.ts");
  const bareBase = await serve(
    path.join(root, "bench/bare-worker/index.mjs"),
    path.join(root, "bench/bare-worker/wrangler.toml"),
  );
  const floorBase = await serve(
    path.join(root, "bench/enqueue-worker/index.mjs"),
    path.join(root, "bench/enqueue-worker/wrangler.toml"),
  );
  const ownBase = await serve(ingestScript, producerOnly, ownState);
  const configuredBase = await serve(ingestScript, ingestConfig, configuredState);

  // The beacon's own cost first: the configured Worker's consumer is still idle then.
  const results = [
    await measure("beacon's own cost (consumer not in this process)", ownBase, bareBase),
    await measure("floor: read, enqueue, answer (bench/enqueue-worker)", floorBase, bareBase),
    await measure("as configured (consumer on the beacons' thread)", configuredBase, bareBase),
  ];
  console.table(results);
  // Same run: how close the beacon's own cost is to the floor any beacon pays here.
  const beaconToFloor = Number((results[0].ratio_to_bare / results[1].ratio_to_bare).toFixed(2));
  console.log(`beacon's own cost / floor: ${beaconToFloor}`);
  console.log(
    JSON.stringify({
      bench: "beacon-direct",
      requests_per_round: REQUESTS,
      rounds: ROUNDS,
      concurrency: CONCURRENCY,
      target_ratio: 0.7,
      beacon_to_floor: beaconToFloor,
      results,
    }),
  );
} finally {
  for (const w of workers) await w.stop().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
