// `npm run bench:agent-reports`: the three reports over AI agents' requests (AI errors,
// crawl-to-referral, robots.txt compliance) on one site whose shard holds BENCH_ROWS
// (default 1,000,000) requests from a log drain over 90 days: 4 crawlers over BENCH_PATHS (500) paths,
// 0.5% robots.txt fetches, 5% 404s and 1% 5xx; and BENCH_SESSIONS (default 1,000,000)
// sessions over the same 90 days, as `npm run bench:reports` seeds them (crawl-to-referral
// counts the people an assistant's link sent). robots.txt compliance judges them by a
// history of two files, the second taking over inside a day (benchRobotsVersions). Each is timed as one call to the shard
// (Node → Worker → shard RPC) for 24 h, 30 d and 90 d windows ending now, beside the
// in-run baseline: a plain count(*) of the window's requests through the same path.
// Figures go to stdout and bench/results/ (docs/performance.md).
import { startReportsBench } from "./bench-worker";
import { recordResult } from "./results";
import { timeCalls } from "./timing";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/**
 * Distinct paths the crawlers ask for. At the default 500 a crawler asks for each page
 * ~5 times a day; BENCH_PATHS=1000000 makes nearly every request a new page, the worst
 * case for the daily path counts (a day then holds a row per request).
 */
const PATHS = Number(process.env.BENCH_PATHS ?? 500);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CHUNK = 100_000;
const DAY = 86_400_000;
const SITE = "agent-reports-site";
const REPORTS = ["agent-errors", "crawl-to-referral", "robots-compliance"] as const;
const PERIODS = [1, 30, 90];

// BENCH_PERSIST=<dir> keeps the seeded database (for profiling).
const { mf, call } = await startReportsBench("bench-agent-reports", process.env.BENCH_PERSIST);
const time = (pathAndQuery: string) => timeCalls(() => call(pathAndQuery), RUNS);

try {
  const now = Date.now();
  const start = now - 90 * DAY;
  const step = (90 * DAY) / ROWS;
  const t0 = performance.now();
  for (let from = 0; from < ROWS; from += CHUNK) {
    await call(`/shard-exec?site=${SITE}`, {
      method: "POST",
      body: JSON.stringify([
        `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${Math.min(ROWS, from + CHUNK)})
         INSERT INTO agent_requests (id, occurred_at, method, path, status, agent, platform, purpose, tier, document, via)
         SELECT 'drain-' || i, ${start} + CAST(i * ${step} AS INTEGER), 'GET',
           CASE WHEN i % 200 = 0 THEN '/robots.txt' ELSE '/p/' || (i % ${PATHS}) END,
           CASE WHEN i % 20 = 0 THEN 404 WHEN i % 97 = 0 THEN 500 ELSE 200 END,
           CASE i % 4 WHEN 0 THEN 'gptbot' WHEN 1 THEN 'claudebot' WHEN 2 THEN 'perplexitybot' ELSE 'chatgpt-user' END,
           CASE i % 4 WHEN 0 THEN 'chatgpt' WHEN 1 THEN 'claude' WHEN 2 THEN 'perplexity' ELSE 'chatgpt' END,
           CASE i % 4 WHEN 3 THEN 'user_action' ELSE 'crawl' END, 'declared', 1, 'drn_bench' FROM n`,
      ]),
    });
  }
  // Sessions as bench:reports seeds them: indexes dropped, rows appended, indexes built once.
  const indexes = (await call(`/drop-session-indexes?site=${SITE}`)) as string[];
  const sessionStep = (90 * DAY) / Math.max(1, SESSIONS);
  for (let from = 0; from < SESSIONS; from += CHUNK)
    await call(
      `/shard-seed?from=${from}&to=${Math.min(SESSIONS, from + CHUNK)}&start=${start}&step=${sessionStep}&site=${SITE}&now=${now}`,
    );
  await call(`/shard-exec?site=${SITE}`, { method: "POST", body: JSON.stringify(indexes) });
  // A bulk INSERT bypasses storeAgentRequests: the counts made by the migrations' backfills.
  const { hours, pathDays, ms } = (await call(`/shard-agent-request-counts?site=${SITE}`)) as {
    hours: number;
    pathDays: number;
    ms: Record<string, number>;
  };
  console.log(
    `seeded ${ROWS} requests (${hours} hours, ${pathDays} daily path rows counted), ${SESSIONS} sessions, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // What the counts' migrations cost a shard already holding these rows (run again here).
  console.log(`migration steps on the seeded shard (ms): ${JSON.stringify(ms)}`);
  const rows = [];
  for (const days of PERIODS) {
    const window = `start=${now - days * DAY}&end=${now}`;
    const baseline = await time(`/agent-requests-count?site=${SITE}&${window}`);
    for (const report of REPORTS) {
      const t = await time(`/agent-report?site=${SITE}&name=${report}&${window}&robots_from=${start - DAY}`);
      rows.push({
        report: `${report} ${days === 1 ? "24h" : `${days}d`}`,
        p50_ms: +t.p50.toFixed(1),
        p95_ms: +t.p95.toFixed(1),
        count_p95_ms: +baseline.p95.toFixed(1),
        ratio_p95: +(t.p95 / baseline.p95).toFixed(2),
      });
    }
  }
  console.table(rows);
  recordResult({ bench: "agent-reports", rows: ROWS, runs: RUNS, results: rows });
} finally {
  await mf.dispose();
}
