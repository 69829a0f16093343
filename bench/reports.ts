// `npm run bench:reports`: latency of each traffic report over 1,000,000 sessions
// spread across 90 days of one site, in a local D1 (Miniflare, in memory), for the
// 24h, 30d and 90d windows, next to a plain `SELECT count(*) FROM sessions` measured
// in the same run through the same path (Node → Worker → D1). Figures go to stdout;
// docs/performance.md ("Reports") records a run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const root = path.resolve(import.meta.dirname, "..");
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const CHUNK = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const DAY = 86_400_000;
const PERIODS = ["24h", "30d", "90d"] as const;
const REPORTS = ["overview", "purpose-split", "sources", "verification", "failing-sessions", "journey"] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const bundle = await build({
  entryPoints: [path.join(root, "bench/reports-worker.mts")],
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  write: false,
  logLevel: "error",
});

// Miniflare 5 takes `workers: [...]`; the v4 single-worker shape is converted.
const mf = new Miniflare({
  ...convertV4MiniflareOptions({
    modules: true,
    script: bundle.outputFiles[0].text,
    compatibilityDate: "2026-11-01",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: "bench-reports" },
  }),
  // BENCH_PERSIST=<dir> keeps the seeded database between runs (for profiling).
  ...(process.env.BENCH_PERSIST ? { resourcePersistencePath: process.env.BENCH_PERSIST } : {}),
});

async function call(pathAndQuery: string, init?: RequestInit): Promise<unknown> {
  const res = await mf.dispatchFetch(`http://bench${pathAndQuery}`, init as never);
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

try {
  const t0 = performance.now();
  const siteId = "site_bench";
  // An AI-agent session (the seed makes session i an agent when (i * 13) % 10 < 4).
  let journeyIndex = Math.floor(SESSIONS / 2);
  while ((journeyIndex * 13) % 10 >= 4) journeyIndex += 1;
  const journeySession = `sess-${journeyIndex}`;
  // A persisted database (BENCH_PERSIST) keeps the `now` it was seeded for.
  const kept = process.env.BENCH_PERSIST
    ? ((await call("/meta")) as { now: number | null; sessions: number | null })
    : { now: null, sessions: null };
  let now = Date.now();
  if (kept.now !== null && kept.sessions === SESSIONS) {
    now = kept.now;
    console.log(`reusing the ${SESSIONS} sessions persisted in ${process.env.BENCH_PERSIST}`);
  } else {
    const migration = readFileSync(path.join(root, "migrations/0000_init.sql"), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await call("/exec", { method: "POST", body: JSON.stringify(migration) });
    await call("/exec", {
      method: "POST",
      body: JSON.stringify([
        "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'bench', 0)",
        `INSERT INTO sites (id, workspace_id, domain, name, public_token, created_at) VALUES ('${siteId}', 'ws_bench', 'bench.example', 'bench', 'pt_bench', 0)`,
      ]),
    });
    // SESSIONS sessions evenly over the 90 days before now.
    const start = now - 90 * DAY;
    const step = (90 * DAY) / SESSIONS;
    for (let from = 0; from < SESSIONS; from += CHUNK) {
      await call(
        `/seed?from=${from}&to=${Math.min(SESSIONS, from + CHUNK)}&start=${start}&step=${step}&site=${siteId}&now=${now}`,
      );
    }
    // The journey's session gets 40 stored events (pages, leaves, interactions).
    await call("/exec", {
      method: "POST",
      body: JSON.stringify([
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 39)
         INSERT INTO ingest_events (id, site_id, workspace_id, session_id, kind, occurred_at, received_at, url, target, duration_ms, classification)
         SELECT 'ev-' || i, '${siteId}', 'ws_bench', '${journeySession}',
           CASE i % 4 WHEN 0 THEN 'pageview' WHEN 1 THEN 'interaction' WHEN 2 THEN 'add_to_cart' ELSE 'leave' END,
           ${start} + i * 1000, ${start} + i * 1000, '/p/' || (i / 4), 'sku-' || (i % 3), CASE WHEN i % 4 = 3 THEN 2500 END, '{}' FROM n`,
      ]),
    });
    const seeded = performance.now();
    const rolled = (await call("/rollup")) as { days: number };
    const ready = performance.now();
    await call("/exec", {
      method: "POST",
      body: JSON.stringify([`CREATE TABLE bench_meta AS SELECT ${now} AS now, ${SESSIONS} AS sessions`]),
    });
    console.log(
      `seeded ${SESSIONS} sessions in ${((seeded - t0) / 1000).toFixed(1)} s; rollup rebuilt ${rolled.days} days in ${((ready - seeded) / 1000).toFixed(1)} s`,
    );
  }

  async function time(pathAndQuery: string): Promise<{ p50: number; p95: number }> {
    for (let i = 0; i < WARMUP; i++) await call(pathAndQuery);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await call(pathAndQuery);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
  }

  const baseline = await time("/baseline");
  const rows: Record<string, string | number>[] = [
    {
      query: "baseline: SELECT count(*) FROM sessions",
      window: "all",
      p50_ms: +baseline.p50.toFixed(1),
      p95_ms: +baseline.p95.toFixed(1),
      p95_vs_baseline_p95: 1,
    },
  ];
  for (const report of REPORTS) {
    for (const period of report === "journey" ? (["-"] as const) : PERIODS) {
      const t = await time(`/report?name=${report}&period=${period}&now=${now}&session=${journeySession}`);
      rows.push({
        query: report,
        window: period,
        p50_ms: +t.p50.toFixed(1),
        p95_ms: +t.p95.toFixed(1),
        p95_vs_baseline_p95: +(t.p95 / baseline.p95).toFixed(2),
      });
    }
  }
  console.table(rows);

  // Consistency at scale: each window's totals, read through aggregates + live ranges,
  // must equal a direct count over `sessions`, and every by_* list must sum to its total.
  for (const period of PERIODS) {
    const days = { "24h": 1, "30d": 30, "90d": 90 }[period];
    const direct = async (filter: string) =>
      (
        (await call(
          `/time?sql=${encodeURIComponent(`SELECT count(*) AS n FROM sessions WHERE site_id = '${siteId}' AND started_at >= ${now - days * DAY} AND started_at < ${now} ${filter}`)}`,
        )) as { first: { n: number } }
      ).first.n;
    const sum = (xs: { sessions: number }[]) => xs.reduce((n, x) => n + x.sessions, 0);
    const o = (await call(`/report?name=overview&period=${period}&now=${now}`)) as {
      total_sessions: number;
      by_platform: { sessions: number }[];
      by_outcome: { sessions: number }[];
    };
    const src = (await call(`/report?name=sources&period=${period}&now=${now}`)) as {
      total_sessions: number;
      by_source: { sessions: number }[];
    };
    const [agents, all] = [await direct("AND agent_platform IS NOT NULL"), await direct("")];
    const checks = [
      o.total_sessions === agents,
      sum(o.by_platform) === agents,
      sum(o.by_outcome) === agents,
      src.total_sessions === all,
      sum(src.by_source) === all,
    ];
    if (checks.includes(false)) {
      throw new Error(`${period}: report totals disagree with sessions (${agents} agent, ${all} all): ${checks}`);
    }
    console.log(`${period}: totals match a direct count (${agents} agent sessions, ${all} sessions)`);
  }
  const slowest = Math.max(...rows.slice(1).map((r) => Number(r.p95_ms)));
  console.log(
    JSON.stringify({
      bench: "reports",
      sessions: SESSIONS,
      runs: RUNS,
      slowest_report_p95_ms: slowest,
      target_ms: 100,
      results: rows,
    }),
  );
} finally {
  await mf.dispose();
}
