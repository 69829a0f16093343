// Where a bench's figures go (docs/performance/log.md "How the tables are made"): the result
// object each bench already printed as one JSON line, written to bench/results/<bench>.json
// with when, where and on what it ran, so `npm run docs:perf` renders the current table of
// every bench from its last run and `npm run check` sees a table that no run produced.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** The 1-minute load average when the bench started (this module is imported first). */
const loadAtStart = loadavg()[0];

function commit(): string | null {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: root,
      encoding: "utf8",
    });
    return dirty.trim() ? `${head}+changes` : head;
  } catch {
    return null;
  }
}

/**
 * Prints `result` as the bench's one JSON line (as before) and writes it, with the run's
 * time, commit, cores and load, to bench/results/<result.bench>.json. `BENCH_RESULTS=0`
 * prints only (a run that should not replace the recorded one, e.g. a profile).
 */
export function recordResult(result: { bench: string } & Record<string, unknown>): void {
  console.log(JSON.stringify(result));
  if (process.env.BENCH_RESULTS === "0") return;
  const recorded = {
    ...result,
    measured_at: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    commit: commit(),
    cores: availableParallelism(),
    load_1m: [Number(loadAtStart.toFixed(1)), Number(loadavg()[0].toFixed(1))],
  };
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${result.bench}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
}
