// `npm run bench:ingest-limits` (also the last part of `npm run bench:ingest`): what the
// beacon limits (shared/ingest/beacon-limits.ts) cost. What is compared: the same
// ingest Worker script and config under wrangler's dev server, started twice, each its
// own workerd process and fresh local state, both without their queue's consumer (the
// beacon's own work, as bench/beacon-direct.ts measures it); the only difference is
// the var BEACON_LIMITS ("on" as configured, "off" for the baseline). Both get the
// same sequence of beacons (1,000 visitors, two to a /24, bench/throughput.ts), so
// each network's and the site's leases, and each visitor's admission, are asked for as
// a shop's traffic would ask. After 50 warm-up requests each, ROUNDS rounds of
// REQUESTS at concurrency 16, interleaved, the side that goes first alternating; the
// median round's ratio (limits on / limits off) is reported with both rates, every
// round's ratio and the load average before and after. Target (issue 23): >= 0.95.
import { loadavg } from "node:os";
import { benchWorkers, ingestScript } from "./beacon-direct-workers";
import { recordResult } from "./results";
import { beaconSender, pairedRounds } from "./throughput";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 16;
const bench = benchWorkers("ingest-limits");

try {
  const limited = bench.producerOnlyConfig("ingest-limits-on.toml");
  const unlimited = bench.producerOnlyConfig("ingest-limits-off.toml", { BEACON_LIMITS: "off" });
  const onBase = await bench.serve(ingestScript, limited, bench.prepareState(limited, "limits-on"));
  const offBase = await bench.serve(ingestScript, unlimited, bench.prepareState(unlimited, "limits-off"));
  const load = loadavg()[0];
  const rounds = await pairedRounds(
    { send: beaconSender(offBase, "pt_bench"), status: 202 },
    { send: beaconSender(onBase, "pt_bench"), status: 202 },
    REQUESTS,
    CONCURRENCY,
    ROUNDS,
    { alternate: true },
  );
  const median = rounds[Math.floor(rounds.length / 2)];
  const result = {
    bench: "ingest-limits",
    requests_per_round: REQUESTS,
    rounds: ROUNDS,
    concurrency: CONCURRENCY,
    load_average_1m: Number(load.toFixed(1)),
    load_average_1m_after: Number(loadavg()[0].toFixed(1)),
    limits_off_rps: Math.round(median.baseline),
    limits_on_rps: Math.round(median.subject),
    ratio: Number(median.ratio.toFixed(3)),
    ratios_per_round: rounds.map((r) => Number(r.ratio.toFixed(3))),
    limiter_cost_percent: Number(((1 - median.ratio) * 100).toFixed(1)),
    target_ratio: 0.95,
  };
  console.table([result]);
  recordResult(result);
} finally {
  await bench.stop();
}
