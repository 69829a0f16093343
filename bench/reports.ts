// `npm run bench:reports`: latency of each traffic report for one site, on today's
// single D1 (the baseline: every site's sessions in one database) and as one call to the
// site's AnalyticsShard (a SQLite Durable Object holding that site only), in the same
// run, through the same report functions (Node → Worker → D1 or Worker → shard).
// Two phases: "single", one site of 1,000,000 sessions over 90 days; "multi",
// 10,000,000 sessions spread over 100 sites and 90 days, measuring site 0's shard with
// the other 99 shards empty and then full. BENCH_SCALE (default 1) scales every session
// count down for a shared machine (e.g. 0.05); BENCH_PHASES=single,multi picks phases;
// BENCH_SITES, BENCH_RUNS; BENCH_D1=0 leaves out the single-D1 baseline (its 10,000,000-row
// rebuild is most of the multi phase's time) and measures the shards only. Figures go to
// stdout and bench/results/ (docs/performance.md).
import { singleD1Statements, startReportsBench } from "./bench-worker";
import { recordResult } from "./results";
import { timeCalls } from "./timing";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SINGLE_SESSIONS = Math.round(1_000_000 * SCALE);
const MULTI_SESSIONS = Math.round(10_000_000 * SCALE);
const SITES = Number(process.env.BENCH_SITES ?? 100);
const PHASES = (process.env.BENCH_PHASES ?? "single,multi").split(",");
const WITH_D1 = process.env.BENCH_D1 !== "0";
const CHUNK = 100_000;
/** Shards seeded at once (each is its own SQLite file; the machine has 2 cores). */
const SEED_PARALLEL = Number(process.env.BENCH_SEED_PARALLEL ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const DAY = 86_400_000;
const PERIODS = ["24h", "30d", "90d"] as const;
const REPORTS = [
  "overview",
  "purpose-split",
  "sources",
  "verification",
  "failing-sessions",
  "sessions",
  "sessions-filtered",
  "journey",
] as const;
/** The reports that offer compare=previous (measured with it too, on the shard). */
const COMPARED = new Set<string>(["overview", "purpose-split", "sources", "verification"]);

// BENCH_PERSIST=<dir> keeps the seeded database between runs (for profiling).
const { mf, call } = await startReportsBench("bench-reports", process.env.BENCH_PERSIST);
const time = (pathAndQuery: string) => timeCalls(() => call(pathAndQuery), RUNS, WARMUP);

// The single D1: control plane and the shard's analytics tables (the shard applies its own on start).
const migration = singleD1Statements();

/**
 * Seeds sites' sessions (and each journey's 40 events) into the D1 or into each site's
 * shard: rows generated inside SQLite with the indexes of `sessions` dropped and built
 * once afterwards, then the daily aggregates rebuilt by the rollup's own rebuildDay.
 */
async function seedSites(
  store: "d1" | "shard",
  siteIds: string[],
  sessions: number,
  now: number,
  journeyOf: (id: string) => string,
) {
  if (store === "d1") {
    const indexes = (await call("/drop-session-indexes")) as string[];
    for (const id of siteIds) await seedRows("d1", id, sessions, now, journeyOf(id));
    await call("/exec", { method: "POST", body: JSON.stringify(indexes) });
    return;
  }
  const queue = [...siteIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const indexes = (await call(`/drop-session-indexes?site=${id}`)) as string[];
      await seedRows("shard", id, sessions, now, journeyOf(id));
      await call(`/shard-exec?site=${id}`, { method: "POST", body: JSON.stringify(indexes) });
      await call(`/shard-rollup?site=${id}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEED_PARALLEL, siteIds.length) }, worker));
}

async function seedRows(store: "d1" | "shard", siteId: string, sessions: number, now: number, journey: string) {
  const start = now - 90 * DAY;
  const step = (90 * DAY) / sessions;
  for (let from = 0; from < sessions; from += CHUNK) {
    await call(
      `${store === "d1" ? "/seed" : "/shard-seed"}?from=${from}&to=${Math.min(sessions, from + CHUNK)}&start=${start}&step=${step}&site=${siteId}&now=${now}`,
    );
  }
  // The seeded days, queued for the rollup (rows are stored clean, see seedSql).
  const days: string[] = [];
  for (let t = start; t < start + sessions * step; t = Math.floor(t / DAY) * DAY + DAY)
    days.push(new Date(t).toISOString().slice(0, 10));
  await call(`${store === "d1" ? "/exec" : `/shard-exec?site=${siteId}`}`, {
    method: "POST",
    body: JSON.stringify([
      `INSERT OR IGNORE INTO stale_days (site_id, day) VALUES ${days.map((d) => `('${siteId}', '${d}')`).join(", ")}`,
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 39)
       INSERT INTO ingest_events (id, site_id, workspace_id, session_id, kind, occurred_at, received_at, url, target, duration_ms, classification)
       SELECT '${siteId}-ev-' || i, '${siteId}', 'ws_bench', '${journey}',
         CASE i % 4 WHEN 0 THEN 'pageview' WHEN 1 THEN 'interaction' WHEN 2 THEN 'add_to_cart' ELSE 'leave' END,
         ${start} + i * 1000, ${start} + i * 1000, '/p/' || (i / 4), 'sku-' || (i % 3), CASE WHEN i % 4 = 3 THEN 2500 END, '{}' FROM n`,
    ]),
  });
}

/** Each measured p50, by `<label>\u0000<key>` (the baseline table shows p50 ratios too: p95 swings on a loaded machine). */
const p50s = new Map<string, number>();

/**
 * Each report's p95 for `store`; with `compared`, also each comparable report with
 * compare=previous (key `<report>+previous <period>`), and the in-run baseline: a plain
 * count(*) of the window's sessions through the same path (key `count(*) <period>`).
 */
async function measure(
  label: string,
  store: "d1" | "shard",
  domain: string,
  now: number,
  journey: string,
  compared = false,
) {
  const out = new Map<string, number>();
  const run = async (key: string, query: string) => {
    const t = await time(`/report?store=${store}&domain=${domain}&now=${now}&session=${journey}&${query}`);
    out.set(key, t.p95);
    p50s.set(`${label}\u0000${key}`, t.p50);
    console.log(`${label}: ${key} p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`);
  };
  for (const period of PERIODS) await run(`count(*) ${period}`, `name=count&period=${period}`);
  for (const report of REPORTS) {
    for (const period of report === "journey" ? (["-"] as const) : PERIODS) {
      await run(`${report} ${period}`, `name=${report}&period=${period}`);
      if (compared && COMPARED.has(report))
        await run(`${report}+previous ${period}`, `name=${report}&period=${period}&compare=previous`);
    }
  }
  return out;
}

async function phase(name: string, sites: number, total: number) {
  const perSite = Math.floor(total / sites);
  const t0 = performance.now();
  const now = Date.now();
  // A fresh D1: every table dropped, the migrations applied again.
  const tables = (await call("/tables")) as string[];
  await call("/exec", { method: "POST", body: JSON.stringify(tables.map((t) => `DROP TABLE IF EXISTS "${t}"`)) });
  await call("/exec", { method: "POST", body: JSON.stringify(migration) });
  const siteIds = Array.from({ length: sites }, (_, i) => `${name}-site-${i}`);
  await call("/exec", {
    method: "POST",
    body: JSON.stringify([
      "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'bench', 0)",
      ...siteIds.map(
        (id) =>
          `INSERT INTO sites (id, workspace_id, domain, name, public_token, created_at) VALUES ('${id}', 'ws_bench', '${id}.example', '${id}', 'pt_${id}', 0)`,
      ),
    ]),
  });
  let journeyIndex = Math.floor(perSite / 2);
  while ((journeyIndex * 13) % 10 >= 4) journeyIndex += 1;
  const journeyOf = (id: string) => `${id}-sess-${journeyIndex}`;
  const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
  // Today's design: every site's sessions in the one D1.
  if (WITH_D1) {
    await seedSites("d1", siteIds, perSite, now, journeyOf);
    console.log(`${name}: D1 seeded ${sites} x ${perSite} sessions, ${seconds()} s`);
    const rolled = (await call("/rollup")) as { days: number };
    console.log(`${name}: D1 ${rolled.days} (site, day) aggregates rebuilt, ${seconds()} s (now=${now})`);
  }
  const measured = siteIds[0];
  const domain = `${measured}.example`;
  await seedSites("shard", [measured], perSite, now, journeyOf);
  console.log(`${name}: shard of ${measured} seeded and aggregated, ${seconds()} s`);
  const aloneLabel = `${name} shard (others empty)`;
  const fullLabel = `${name} shard (others full)`;
  const alone = await measure(aloneLabel, "shard", domain, now, journeyOf(measured), true);
  let full: Map<string, number> | null = null;
  if (sites > 1) {
    await seedSites("shard", siteIds.slice(1), perSite, now, journeyOf);
    console.log(`${name}: ${sites} shards seeded and aggregated, ${seconds()} s`);
    full = await measure(fullLabel, "shard", domain, now, journeyOf(measured), true);
  }
  const d1 = WITH_D1 ? await measure(`${name} single D1`, "d1", domain, now, journeyOf(measured)) : new Map();
  // The shard answers what the single D1 answers.
  for (const period of WITH_D1 ? PERIODS : []) {
    for (const report of ["overview", "sources", "verification", "count"]) {
      const q = `domain=${domain}&name=${report}&period=${period}&now=${now}&compare=previous`;
      const a = JSON.stringify(await call(`/report?store=d1&${q}`));
      const b = JSON.stringify(await call(`/report?store=shard&${q}`));
      if (a !== b) throw new Error(`${name} ${report} ${period}: shard and D1 disagree`);
    }
  }
  if (WITH_D1) console.log(`${name}: shard and single-D1 answers identical for every window`);
  // Every shard answer against the same window's count(*) baseline (the issue 29 target).
  const shardP95 = full ?? alone;
  const p50Of = (key: string) => p50s.get(`${full ? fullLabel : aloneLabel}\u0000${key}`) ?? 0;
  const baselineRows = [...shardP95.keys()]
    .filter((k) => !k.startsWith("count(*)") && !k.startsWith("journey"))
    .map((k) => {
      const period = k.split(" ")[1];
      const baseline = shardP95.get(`count(*) ${period}`) ?? 0;
      const p95 = shardP95.get(k) ?? 0;
      return {
        report: k,
        shard_p95_ms: +p95.toFixed(1),
        count_p95_ms: +baseline.toFixed(1),
        ratio: +(p95 / baseline).toFixed(2),
        ratio_p50: +(p50Of(k) / p50Of(`count(*) ${period}`)).toFixed(2),
      };
    });
  console.table(baselineRows);
  const over = [...shardP95].filter(([, p95]) => p95 >= 50).map(([k, p95]) => `${k} ${p95.toFixed(1)} ms`);
  console.log(`${name}: shard p95 at or over 50 ms: ${over.length === 0 ? "none" : over.join(", ")}`);
  const rows = [...(full ?? alone).keys()].map((k) => ({
    report: k,
    ...(WITH_D1 ? { d1_p95_ms: +(d1.get(k) ?? 0).toFixed(1) } : {}),
    shard_alone_p95_ms: +(alone.get(k) ?? 0).toFixed(1),
    ...(full ? { shard_full_p95_ms: +(full.get(k) ?? 0).toFixed(1) } : {}),
    ...(WITH_D1 ? { shard_vs_d1: +(((full ?? alone).get(k) ?? 0) / (d1.get(k) ?? 1)).toFixed(2) } : {}),
    ...(full ? { full_vs_alone: +((full.get(k) ?? 0) / (alone.get(k) ?? 1)).toFixed(2) } : {}),
  }));
  console.table(rows);
  return {
    phase: name,
    sites,
    sessions_per_site: perSite,
    total_sessions: perSite * sites,
    results: rows,
    against_count: baselineRows,
  };
}

try {
  const out = [];
  if (PHASES.includes("single")) out.push(await phase("single", 1, SINGLE_SESSIONS));
  if (PHASES.includes("multi")) out.push(await phase("multi", SITES, MULTI_SESSIONS));
  console.log(JSON.stringify({ bench: "reports", scale: SCALE, runs: RUNS, target_p95_ms: 50, phases: out }));
  // One result file per phase, so a run of one phase (BENCH_PHASES) keeps the other's.
  for (const { phase, ...figures } of out)
    recordResult({ bench: `reports-${phase}`, scale: SCALE, runs: RUNS, target_p95_ms: 50, ...figures });
} finally {
  await mf.dispose();
}
