// `npm run bench:beacon-direct` (also the last part of `npm run bench:ingest`): the
// beacon's own cost against the runtime's limit, without the local edge hop, as
// production runs it when Workers routes send /ingest/* straight to the ingest Worker
// (docs/performance/log.md, "Production routes for the beacon"). Three Workers under wrangler's
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
import { loadavg } from "node:os";
import path from "node:path";
import { benchWorkers, ingestConfig, ingestScript, root } from "./beacon-direct-workers";
import { recordResult } from "./results";
import { beaconSender, pairedRounds, type Sender } from "./throughput";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 16;
const bench = benchWorkers("beacon-direct");

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
  const producerOnly = bench.producerOnlyConfig();
  const ownState = bench.prepareState(producerOnly, "ingest-producer-only");
  const configuredState = bench.prepareState(ingestConfig, "ingest-as-configured");
  const bareBase = await bench.serve(
    path.join(root, "bench/bare-worker/index.mjs"),
    path.join(root, "bench/bare-worker/wrangler.toml"),
  );
  const floorBase = await bench.serve(
    path.join(root, "bench/enqueue-worker/index.mjs"),
    path.join(root, "bench/enqueue-worker/wrangler.toml"),
  );
  const ownBase = await bench.serve(ingestScript, producerOnly, ownState);
  const configuredBase = await bench.serve(ingestScript, ingestConfig, configuredState);

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
  recordResult({
    bench: "beacon-direct",
    requests_per_round: REQUESTS,
    rounds: ROUNDS,
    concurrency: CONCURRENCY,
    target_ratio: 0.7,
    beacon_to_floor: beaconToFloor,
    results,
  });
} finally {
  await bench.stop();
}
