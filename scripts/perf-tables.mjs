// The current table of every bench in docs/performance.md, rendered from the bench's
// last recorded run (bench/results/<bench>.json, written by bench/results.ts). Between
// `<!-- results: NAME -->` and `<!-- /results -->` the doc holds exactly what this
// renders from bench/results/NAME.json; `--check` (part of `npm run check`) fails when
// it does not, so a table is never edited by hand and never outlives its run.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const docPath = path.join(root, "docs/performance.md");
const check = process.argv.includes("--check");

/** Fields every result file carries about its run, shown in the run line, not as figures. */
const RUN_FIELDS = ["bench", "measured_at", "commit", "cores", "load_1m", "source"];

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isScalarList = (v) => Array.isArray(v) && v.every(isScalar);
const isRowList = (v) =>
  Array.isArray(v) && v.length > 0 && v.every((r) => r && typeof r === "object" && !Array.isArray(r));

function cell(v) {
  if (v === undefined || v === null) return "";
  const text = isScalarList(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v);
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** A Markdown table laid out as the formatter lays it out (columns padded to their widest cell). */
function table(header, rows) {
  const cells = [header, ...rows].map((r) => r.map(cell));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => [...r[i]].length)));
  const line = (r) => `| ${r.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(cells[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...cells.slice(1).map(line)].join(
    "\n",
  );
}

function rowsTable(rows) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return table(
    columns,
    rows.map((r) => columns.map((c) => r[c])),
  );
}

export function render(result) {
  const parts = [];
  const load = Array.isArray(result.load_1m) ? `, load ${result.load_1m.join(" → ")}` : "";
  const commit = result.commit ? ` on ${result.commit}` : "";
  parts.push(`Last run: ${result.measured_at}${commit}, ${result.cores} cores${load}.`);
  if (result.source) parts.push(`Source: ${result.source}`);
  const scalars = Object.entries(result).filter(
    ([k, v]) => !RUN_FIELDS.includes(k) && (isScalar(v) || isScalarList(v)),
  );
  const lists = Object.entries(result).filter(([k, v]) => !RUN_FIELDS.includes(k) && isRowList(v));
  if (scalars.length > 0) parts.push(table(["figure", "value"], scalars));
  for (const [name, rows] of lists) parts.push(`\`${name}\`:\n\n${rowsTable(rows)}`);
  return parts.join("\n\n");
}

const doc = readFileSync(docPath, "utf8");
const problems = [];
const rendered = doc.replace(/<!-- results: ([a-z0-9-]+) -->\n[\s\S]*?<!-- \/results -->/g, (_, name) => {
  let result;
  try {
    result = JSON.parse(readFileSync(path.join(root, "bench/results", `${name}.json`), "utf8"));
  } catch (e) {
    if (e.code !== "ENOENT") problems.push(`bench/results/${name}.json: ${e.message}`);
    return `<!-- results: ${name} -->\n\nNo run recorded yet.\n\n<!-- /results -->`;
  }
  return `<!-- results: ${name} -->\n\n${render(result)}\n\n<!-- /results -->`;
});
if (problems.length > 0) console.error(problems.join("\n"));
if (check) {
  if (rendered !== doc || problems.length > 0) {
    console.error("docs/performance.md: a bench table differs from bench/results; run `npm run docs:perf`");
    process.exit(1);
  }
  console.log("performance tables match bench/results");
} else {
  writeFileSync(docPath, rendered);
  console.log("docs/performance.md tables rendered from bench/results");
}
