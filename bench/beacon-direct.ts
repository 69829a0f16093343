// `npm run bench:beacon-direct` (also the last part of `npm run bench:ingest`): the
// beacon's own cost against the runtime's limit, without the local edge hop, as
// production runs it when Workers routes send /ingest/* straight to the ingest Worker
// (docs/performance.md). Three `wrangler dev` processes, each with its own state:
// - a bare Worker answering 204 (the runtime's limit);
// - the ingest Worker with its queue consumer left out of its config: the beacon
//   request alone (token + Origin check, classification, two HMACs, one queue send),
//   which is what one beacon invocation costs in production, where the consumer runs
//   in invocations of its own. Queues do not cross `wrangler dev` processes, so the
//   consumer cannot be moved to another process; the messages stay in the local queue;
// - the ingest Worker as configured (consumer and shard writes on the same workerd
//   thread as the beacons), reported beside it so the consumer's share is visible.
// Interleaved rounds of 2,000 requests at concurrency 16; the round with the median
// beacon/bare ratio is reported. Target (issue 18): beacon >= 0.7x the bare Worker.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../test/helpers/node/local-server";
import { throughput } from "./throughput";

const root = path.resolve(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = 3;
const CONCURRENCY = 16;

const scratch = mkdtempSync(path.join(tmpdir(), "bench-beacon-direct-"));
const children: ChildProcess[] = [];
const ingestConfig = path.join(root, "workers/ingest/wrangler.toml");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(args: string[]) {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")}:\n${r.stdout}${r.stderr}`);
}

function serve(args: string[]): void {
  const child = spawn(wrangler, args, { cwd: root, env, stdio: "ignore", detached: true });
  children.push(child);
}

/**
 * The ingest Worker's own config without its `[[queues.consumers]]` block, written to
 * the scratch folder with `main` and `migrations_dir` made absolute (everything else,
 * bindings included, as committed).
 */
function configWithoutConsumer(): string {
  const dir = path.dirname(ingestConfig);
  let text = readFileSync(ingestConfig, "utf8");
  const edits: [RegExp, (m: string, p: string) => string][] = [
    [/\n\[\[queues\.consumers\]\]\n[\s\S]*?(?=\n\[)/, () => "\n"],
    [/^main = "(.+)"$/m, (_, p) => `main = ${JSON.stringify(path.join(dir, p))}`],
    [/^migrations_dir = "(.+)"$/m, (_, p) => `migrations_dir = ${JSON.stringify(path.join(dir, p))}`],
  ];
  for (const [pattern, replace] of edits) {
    if (!pattern.test(text)) throw new Error(`workers/ingest/wrangler.toml: nothing matches ${pattern}`);
    text = text.replace(pattern, replace);
  }
  const file = path.join(scratch, "ingest-without-consumer.wrangler.toml");
  writeFileSync(file, text);
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

async function ready(url: string, status: number) {
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
  throw new Error(`${url} did not answer ${status}`);
}

async function startIngest(config: string, state: string): Promise<string> {
  const port = await freePort();
  serve(["dev", "-c", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state]);
  const base = `http://127.0.0.1:${port}`;
  await ready(`${base}/sdk/v1/agent.js`, 200);
  return base;
}

function beaconSender(base: string) {
  let n = 0;
  return () =>
    fetch(`${base}/ingest/e`, {
      method: "POST",
      headers: {
        Origin: "https://bench-shop.example",
        "Content-Type": "text/plain",
        "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0 Safari/537.36 bench/${n % 500}`,
        "CF-Connecting-IP": `198.51.100.${n++ % 250}`,
      },
      body: JSON.stringify({ s: "pt_bench", k: "pageview", u: `https://bench-shop.example/p/${n % 50}` }),
    });
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

try {
  const noConsumerConfig = configWithoutConsumer();
  const requestOnlyState = prepareState(noConsumerConfig, "request-only");
  const withConsumerState = prepareState(ingestConfig, "with-consumer");
  const barePort = await freePort();
  serve(["dev", "-c", "bench/bare-worker/wrangler.toml", "--ip", "127.0.0.1", "--port", String(barePort)]);
  const bareBase = `http://127.0.0.1:${barePort}`;
  const requestOnlyBase = await startIngest(noConsumerConfig, requestOnlyState);
  const withConsumerBase = await startIngest(ingestConfig, withConsumerState);
  await ready(`${bareBase}/`, 204);

  const bare = () => fetch(`${bareBase}/`);
  const beacon = beaconSender(requestOnlyBase);
  const beaconWithConsumer = beaconSender(withConsumerBase);
  // Warm-up: module load, first D1 open, salt fetch, token cache.
  for (let i = 0; i < 50; i++) {
    for (const send of [bare, beacon, beaconWithConsumer]) await (await send()).arrayBuffer();
  }
  const load = loadavg()[0];
  const rounds: { bare: number; beacon: number; withConsumer: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      bare: await throughput(bare, 204, REQUESTS, CONCURRENCY),
      beacon: await throughput(beacon, 202, REQUESTS, CONCURRENCY),
      withConsumer: await throughput(beaconWithConsumer, 202, REQUESTS, CONCURRENCY),
    });
  }
  const byRatio = [...rounds].sort((a, b) => a.beacon / a.bare - b.beacon / b.bare);
  const median = byRatio[Math.floor(ROUNDS / 2)];
  const result = {
    bench: "beacon-direct",
    requests_per_round: REQUESTS,
    concurrency: CONCURRENCY,
    load_average_1m: Number(load.toFixed(1)),
    bare_worker_rps: Math.round(median.bare),
    beacon_rps: Math.round(median.beacon),
    ratio_to_bare: ratio(median.beacon, median.bare),
    ratios_per_round: byRatio.map((r) => ratio(r.beacon, r.bare)),
    target_ratio: 0.7,
    with_consumer_rps: Math.round(median.withConsumer),
    with_consumer_ratio_to_bare: ratio(median.withConsumer, median.bare),
  };
  console.table([result]);
  console.log(JSON.stringify(result));
} finally {
  for (const c of children) if (c.pid && c.exitCode === null) process.kill(-c.pid, "SIGTERM");
  rmSync(scratch, { recursive: true, force: true });
}
