// `npm run bench:reports:profile`: where a report's time goes, statement by statement,
// on a database `npm run bench:reports` seeded and kept (BENCH_PERSIST=<dir>, same dir
// here). Prints each statement's ms (median of BENCH_RUNS) for the single D1 and the
// site's shard. BENCH_SITE (default single-site-0), BENCH_NOW (the seeding run's `now`,
// printed by the bench), BENCH_REPORTS, BENCH_PERIODS, BENCH_COMPARE=previous (also the
// previous period), BENCH_STORES (default d1,shard: a shard whose code gained a migration
// applies it on start, the kept D1 does not, so profile such a change with `shard`).
// BENCH_LOOP=<n> measures inside the shard instead (see below); with
// BENCH_LOOP_STATEMENTS=1, each statement of each report alone.
import { startReportsBench } from "./bench-worker";

const persist = process.env.BENCH_PERSIST;
if (!persist) throw new Error("BENCH_PERSIST=<dir> of a seeded bench run is required");
const site = process.env.BENCH_SITE ?? "single-site-0";
const now = Number(process.env.BENCH_NOW);
if (!Number.isFinite(now)) throw new Error("BENCH_NOW=<the seeding run's now> is required");
const runs = Number(process.env.BENCH_RUNS ?? 7);
const reports = (process.env.BENCH_REPORTS ?? "overview,sources").split(",");
const periods = (process.env.BENCH_PERIODS ?? "24h,30d,90d").split(",");
const stores = (process.env.BENCH_STORES ?? "d1,shard").split(",");
const compare = process.env.BENCH_COMPARE === "previous" ? "&compare=previous" : "";

const { mf } = await startReportsBench("bench-reports", persist);
type Timing = { ms: number; rows: number; sql: string; statements: Array<{ sql: string; args: unknown[] }> };
try {
  // BENCH_LOOP=<n>: each report run n times inside the shard in one call, so the time is
  // the shard's own (no RPC, no HTTP), beside the count(*) baseline and the report's
  // statements alone (`sql:`): how much of a request the report itself adds.
  if (process.env.BENCH_LOOP) {
    const n = Number(process.env.BENCH_LOOP);
    if (process.env.BENCH_LOOP_STATEMENTS) {
      for (const period of periods)
        for (const name of reports) {
          const res = await mf.dispatchFetch(
            `http://bench/loop-statements?domain=${site}.example&name=${name}&period=${period}&now=${now}&n=${n}${compare}`,
          );
          if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
          const rows = (await res.json()) as Array<{ us: number; rows: number; sql: string }>;
          console.log(`\n${name} ${period}${compare}: ${rows.reduce((a, r) => a + r.us, 0)} µs`);
          for (const r of rows)
            console.log(`  ${String(r.us).padStart(6)} µs ${String(r.rows).padStart(5)} rows  ${r.sql}`);
        }
      process.exit(0);
    }
    for (const period of periods)
      for (const name of ["count", ...reports.flatMap((r) => [r, `sql:${r}`, `raw:${r}`, `adapter:${r}`])]) {
        const res = await mf.dispatchFetch(
          `http://bench/loop?domain=${site}.example&name=${name}&period=${period}&now=${now}&n=${n}${compare}`,
        );
        if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
        const { ms } = (await res.json()) as { ms: number };
        console.log(`${name} ${period}${compare}: ${((1000 * ms) / n).toFixed(0)} µs per report in the shard`);
      }
    process.exit(0);
  }
  for (const store of stores) {
    for (const name of reports) {
      for (const period of periods) {
        const samples: Timing[][] = [];
        for (let i = 0; i < runs; i++) {
          const res = await mf.dispatchFetch(
            `http://bench/profile?store=${store}&domain=${site}.example&name=${name}&period=${period}&now=${now}${compare}`,
          );
          if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
          samples.push((await res.json()) as Timing[]);
        }
        console.log(`\n${store} ${name} ${period}${compare}`);
        samples[0].forEach((t, i) => {
          const ms = samples.map((s) => s[i]?.ms ?? 0).sort((a, b) => a - b)[Math.floor(runs / 2)];
          console.log(`  ${ms.toFixed(1).padStart(7)} ms ${String(t.rows).padStart(6)} rows  ${t.sql}`);
        });
      }
    }
  }
} finally {
  await mf.dispose();
}
