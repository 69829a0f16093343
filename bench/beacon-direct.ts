// `npm run bench:beacon-direct` (also the last part of `npm run bench:ingest`): the
// beacon's own cost against the runtime's limit, without the local edge hop, as
// production runs it when Workers routes send /ingest/* straight to the ingest Worker
// (docs/performance.md). Two `wrangler dev` processes: the ingest Worker alone (its D1
// migrated and one site inserted), and a bare Worker answering 204. Three interleaved
// pairs of rounds at concurrency 16; the pair with the median ratio is reported.
// Target (issue 18): beacon >= 0.7x the bare Worker.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../test/helpers/node/local-server";
import { beaconSender, pairedRounds } from "./throughput";

const root = path.resolve(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 16;

const state = mkdtempSync(path.join(tmpdir(), "bench-beacon-direct-"));
const children: ChildProcess[] = [];
const ingestConfig = "workers/ingest/wrangler.toml";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(args: string[]) {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")}:\n${r.stdout}${r.stderr}`);
}

function serve(args: string[]): void {
  const child = spawn(wrangler, args, { cwd: root, env, stdio: "ignore", detached: true });
  children.push(child);
}

async function ready(url: string, status: number) {
  for (let i = 0; i < 480; i++) {
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

try {
  run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state, "-c", ingestConfig]);
  run([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "-c",
    ingestConfig,
    "--command",
    "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'bench', 0); INSERT INTO sites (id, workspace_id, domain, name, public_token, created_at) VALUES ('site_bench', 'ws_bench', 'bench-shop.example', 'bench', 'pt_bench', 0);",
  ]);
  const [ingestPort, barePort] = [await freePort(), await freePort()];
  serve(["dev", "-c", ingestConfig, "--ip", "127.0.0.1", "--port", String(ingestPort), "--persist-to", state]);
  serve(["dev", "-c", "bench/bare-worker/wrangler.toml", "--ip", "127.0.0.1", "--port", String(barePort)]);
  const ingest = `http://127.0.0.1:${ingestPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  await ready(`${ingest}/sdk/v1/agent.js`, 200);
  await ready(`${bare}/`, 204);

  const beacon = { send: beaconSender(ingest, "pt_bench"), status: 202 };
  const bareWorker = { send: () => fetch(`${bare}/`), status: 204 };
  const rounds = await pairedRounds(bareWorker, beacon, REQUESTS, CONCURRENCY);
  const median = rounds[1];
  const result = {
    bench: "beacon-direct",
    requests_per_round: REQUESTS,
    concurrency: CONCURRENCY,
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
  rmSync(state, { recursive: true, force: true });
}
