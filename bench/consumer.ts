// `npm run bench:ingest` (second part): events per second from a queue batch to
// committed sessions, for the single-D1 design (every site in one database, one
// transaction per batch, max_concurrency 1) and for per-site shards (the batch split by
// site, one shard call per site in parallel, and CONSUMERS batches in flight as
// max_concurrency allows), with 1 and with 8 sites loaded at once, same run.
// BENCH_EVENTS (default 20,000) per measurement; Miniflare in memory on this machine.
import path from "node:path";
import { benchCall, singleD1Statements, startBenchWorker } from "./bench-worker";
import { recordResult } from "./results";

const root = path.resolve(import.meta.dirname, "..");
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const BATCH = 100;
const CONSUMERS = Number(process.env.BENCH_CONSUMERS ?? 4);

// Each shard's site ids are `${run}-site-N`; the warm-up uses the same sites.
const mf = await startBenchWorker({
  entry: path.join(root, "bench/consumer-worker.mts"),
  database: "bench-consumer",
  shardClass: "CountingShard",
});
const call = benchCall(mf);

/** Events/s for EVENTS events in batches of 100, `parallel` batches in flight. */
async function rate(store: "d1" | "shard", sites: number, parallel: number): Promise<number> {
  const run = `${store}-${sites}-${parallel}-${Math.random().toString(36).slice(2, 8)}`;
  const batches = EVENTS / BATCH;
  // Recent events: sessions stay open, so no shard alarm settles during the timing.
  const start = Date.now() - 60_000;
  // Warm-up: one batch per site creates each shard (its migrations run once) first.
  await call(`/consume?store=${store}&run=${run}-warm&b=0&size=${sites * 10}&sites=${sites}&start=${start}`);
  let next = 0;
  let stored = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batches) {
        const b = next++;
        const r = (await call(
          `/consume?store=${store}&run=${run}&b=${b}&size=${BATCH}&sites=${sites}&start=${start}`,
        )) as { stored: number };
        stored += r.stored;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  if (store === "shard") ({ stored } = (await call(`/stored?run=${run}&sites=${sites}`)) as { stored: number });
  if (stored !== EVENTS) throw new Error(`${run}: stored ${stored} of ${EVENTS}`);
  return EVENTS / seconds;
}

try {
  // The single D1: control plane and the shard's analytics tables (the consumer writes a shard's columns).
  const migration = singleD1Statements();
  await call("/exec", { method: "POST", body: JSON.stringify(migration) });
  const rows = [];
  for (const sites of [1, 8]) {
    const d1 = await rate("d1", sites, 1);
    const shard = await rate("shard", sites, CONSUMERS);
    rows.push({
      sites,
      single_d1_events_per_s: Math.round(d1),
      shards_events_per_s: Math.round(shard),
      shards_vs_d1: +(shard / d1).toFixed(2),
      shards_per_site_events_per_s: Math.round(shard / sites),
      // One shard call (one commit) per site per batch, plus one D1 write of install signals.
      commits_per_batch: sites + 1,
    });
  }
  // Calibration, same run: one shard call commits once, and locally every commit of
  // every object runs one after another on workerd's thread (docs/performance/log.md).
  const { ms: commitMs } = (await call("/commit?n=100")) as { ms: number };
  console.table(rows);
  console.log(`one durable commit of a shard (single-row write, sequential): ${commitMs.toFixed(2)} ms`);
  recordResult({
    bench: "consumer",
    events: EVENTS,
    batch: BATCH,
    consumers: CONSUMERS,
    commit_ms: commitMs,
    results: rows,
  });
} finally {
  await mf.dispose();
}
