// `npm run bench:test-lane`: the fast lane's vitest projects, one at a time, each timed from
// the outside (wall, what a newcomer waits) and from vitest's JSON report (tests, and the sum
// of each file's test time: what is left once runtime starts and imports are taken out).
// One project at a time, so each figure is that project's alone and the machine is not
// loaded twice over; `npm test` runs them in one vitest process, so its wall is close to
// the sum of these walls plus `npm run check`. PROJECTS=unit,edge limits the run.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { recordResult } from "./results";

const root = path.resolve(import.meta.dirname, "..");

interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { startTime: number; endTime: number }[];
}

// The projects of the fast lane are the directories of test/ with a vitest config, but e2e
// (vitest.config.ts).
const all = readdirSync(path.join(root, "test"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "e2e")
  .filter((d) => readdirSync(path.join(root, "test", d.name)).includes("vitest.config.ts"))
  .map((d) => d.name)
  .sort();
const projects = process.env.PROJECTS ? process.env.PROJECTS.split(",") : all;

const rows = [];
for (const project of projects) {
  const report = path.join(tmpdir(), `test-lane-${process.pid}-${project}.json`);
  const load = Number(loadavg()[0].toFixed(1));
  const started = performance.now();
  const run = spawnSync("npx", ["vitest", "run", "--project", project, "--reporter=json", `--outputFile=${report}`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const wall = (performance.now() - started) / 1000;
  const result = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
  rmSync(report);
  const testSeconds = result.testResults.reduce((sum, file) => sum + (file.endTime - file.startTime) / 1000, 0);
  rows.push({
    project,
    exit: run.status,
    files: result.testResults.length,
    tests: result.numTotalTests,
    failed: result.numFailedTests,
    skipped: result.numPendingTests,
    wall_s: Number(wall.toFixed(1)),
    test_s: Number(testSeconds.toFixed(1)),
    load_1m: [load, Number(loadavg()[0].toFixed(1))].join(" → "),
  });
  console.error(JSON.stringify(rows.at(-1)));
}

recordResult({
  bench: "test-lane",
  target: "npm test < 300 s on 2 idle cores (check + these walls)",
  files: rows.reduce((n, r) => n + r.files, 0),
  tests: rows.reduce((n, r) => n + r.tests, 0),
  wall_s: Number(rows.reduce((n, r) => n + r.wall_s, 0).toFixed(1)),
  test_s: Number(rows.reduce((n, r) => n + r.test_s, 0).toFixed(1)),
  projects: rows,
});
if (rows.some((r) => r.exit !== 0)) process.exitCode = 1;
