// `npm run bench:archive`: the search every shard alarm makes for raw events past
// retention (`dayToArchive`, shared/shards/event-archive.ts) on a site whose shard holds
// BENCH_SESSIONS (default 1,000,000) sessions older than the retention cut, their events
// already archived (sessions stay, events go to R2). Timed
// as one call to the shard (Node → Worker → shard), searching from the site's first
// session (what every alarm did before the archive kept its mark) and, in the same run,
// from the mark a pass leaves (the retention cut). Figures go to stdout and
// bench/results/ (docs/performance.md).
import { startReportsBench } from "./bench-worker";
import { recordResult } from "./results";
import { timeCalls } from "./timing";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CHUNK = 100_000;
const DAY = 86_400_000;
const SITE = "archive-site";

const { mf, call } = await startReportsBench("bench-archive");
const time = (pathAndQuery: string) => timeCalls(() => call(pathAndQuery), RUNS);

try {
  const now = Date.now();
  // 270 days of sessions ending 93 days ago (past the 92-day cut), as bench:reports seeds them, no events.
  const start = now - 363 * DAY;
  const step = (270 * DAY) / SESSIONS;
  const t0 = performance.now();
  const indexes = (await call(`/drop-session-indexes?site=${SITE}`)) as string[];
  for (let from = 0; from < SESSIONS; from += CHUNK)
    await call(
      `/shard-seed?from=${from}&to=${Math.min(SESSIONS, from + CHUNK)}&start=${start}&step=${step}&site=${SITE}&now=${now}`,
    );
  await call(`/shard-exec?site=${SITE}`, { method: "POST", body: JSON.stringify(indexes) });
  console.log(`seeded ${SESSIONS} archived sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const cut = Date.parse(`${new Date(now - 92 * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`);
  const whole = await time(`/archive-search?site=${SITE}&now=${now}&from=0`);
  const marked = await time(`/archive-search?site=${SITE}&now=${now}&from=${cut}`);
  if (JSON.stringify(whole.answer) !== JSON.stringify(marked.answer)) throw new Error("the two searches disagree");
  const rows = [
    { search: "from the first session", p50_ms: +whole.p50.toFixed(1), p95_ms: +whole.p95.toFixed(1) },
    { search: "from the mark", p50_ms: +marked.p50.toFixed(1), p95_ms: +marked.p95.toFixed(1) },
  ];
  console.table(rows);
  recordResult({ bench: "archive", sessions: SESSIONS, runs: RUNS, answer: whole.answer, results: rows });
} finally {
  await mf.dispose();
}
