// `npm run bench:coverage`: the shard's half of every report's coverage (the newest
// server-side record, `serverEventsLastAt`, shared/reads/site-coverage.ts) on a site
// whose shard holds BENCH_ROWS (default 1,000,000) agent requests from a log drain over
// 90 days, timed as one call to the shard (Node → Worker → shard), in three shapes: no
// server-side record at all, one 60 days old, one a minute old. Each shape is timed with
// agent_requests_via_idx and, in the same run, without it (the plan before it existed:
// the time index walked from the newest row until a row of `via` = events), so the
// ratio is the index's effect. Figures go to stdout and bench/results/ (docs/performance.md).
import { startReportsBench } from "./bench-worker";
import { recordResult } from "./results";
import { timeCalls } from "./timing";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CHUNK = 100_000;
const DAY = 86_400_000;
const SITE = "coverage-site";
// As migrations-shard/0019 makes it: only the `events` rows (the drains' write no entry).
const INDEX = "CREATE INDEX `agent_requests_via_idx` ON `agent_requests` (`via`,`occurred_at`) WHERE via = 'events'";

const { mf, call } = await startReportsBench("bench-coverage");

/** The shard's newest server-side record, timed; `answer.at` is the record's time. */
const time = () => timeCalls(() => call(`/server-events-last-at?site=${SITE}`) as Promise<{ at: unknown }>, RUNS, 3);
const exec = (statements: string[]) =>
  call(`/shard-exec?site=${SITE}`, { method: "POST", body: JSON.stringify(statements) });

try {
  const now = Date.now();
  const start = now - 90 * DAY;
  const step = (90 * DAY) / ROWS;
  const t0 = performance.now();
  // Rows of one drain, as a Logpush job would store them: crawlers over 500 paths.
  for (let from = 0; from < ROWS; from += CHUNK) {
    await exec([
      `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${Math.min(ROWS, from + CHUNK)})
       INSERT INTO agent_requests (id, occurred_at, method, path, status, agent, platform, purpose, tier, document, via)
       SELECT 'drain-' || i, ${start} + CAST(i * ${step} AS INTEGER), 'GET', '/p/' || (i % 500), 200, 'gptbot', 'chatgpt',
         'crawl', 'declared', 1, 'drn_bench' FROM n`,
    ]);
  }
  console.log(`seeded ${ROWS} drain rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const shapes: Array<[string, string[]]> = [
    ["no server-side record", []],
    [
      "newest server-side record 60 days old",
      [
        `INSERT INTO agent_requests VALUES ('ev-old', ${now - 60 * DAY}, 'GET', '/', 200, 'gptbot', 'chatgpt', 'crawl', 'declared', 1, 'events')`,
      ],
    ],
    [
      "newest server-side record a minute old",
      [
        `INSERT INTO agent_requests VALUES ('ev-new', ${now - 60_000}, 'GET', '/', 200, 'gptbot', 'chatgpt', 'crawl', 'declared', 1, 'events')`,
      ],
    ],
  ];
  const rows = [];
  for (const [shape, statements] of shapes) {
    if (statements.length > 0) await exec(statements);
    const indexed = await time();
    await exec(["DROP INDEX agent_requests_via_idx"]);
    const before = await time();
    await exec([INDEX]);
    if (indexed.answer.at !== before.answer.at) throw new Error(`${shape}: the two plans disagree`);
    rows.push({
      shape,
      indexed_p50_ms: +indexed.p50.toFixed(1),
      indexed_p95_ms: +indexed.p95.toFixed(1),
      time_index_only_p50_ms: +before.p50.toFixed(1),
      time_index_only_p95_ms: +before.p95.toFixed(1),
      ratio_p50: +(indexed.p50 / before.p50).toFixed(2),
    });
  }
  console.table(rows);
  recordResult({ bench: "coverage", rows: ROWS, runs: RUNS, results: rows });
} finally {
  await mf.dispose();
}
