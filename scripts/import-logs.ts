#!/usr/bin/env node
// `npm run import-logs -- --site shop.example.com [--format combined|cloudflare|vercel]
//    [--drain DRAIN_ID] [--base-url URL] [--batch LINES] [--checkpoint FILE] [--restart] access.log[.gz]`
// Reads an access log (nginx/Apache "combined", or a Cloudflare Logpush / Vercel JSON-lines
// export) as a stream and sends it to a generic NDJSON drain of the site
// (docs/integrations/import-logs.md), gzip batches with `Authorization: Bearer <secret>`.
// The secret comes from AR_DRAIN_SECRET (never a flag: flags end up in shell history);
// AR_DRAIN_ID and AR_BASE_URL stand in for --drain and --base-url.
// Resumable: after each batch the service acknowledged, a checkpoint file
// (`<log>.import-checkpoint.json`) records the lines sent; a re-run continues after them.
// Every line gets an id derived from the file's line (its number and text), so a batch
// sent twice (an interruption between sending and the checkpoint) is stored once.
import {
  closeSync,
  createReadStream,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createGunzip, gzipSync } from "node:zlib";
import { detectLogFormat, LOG_FORMATS, type LogFormat, readLogLine } from "../shared/logs/log-formats";
import { logLineId } from "../shared/logs/log-line-id";
import { toDrainLine } from "../shared/logs/to-drain-line";

interface Totals {
  lines: number;
  sent: number;
  accepted: number;
  skipped: number;
  rejected: number;
  duplicates: number;
  unreadable: number;
  reasons: Record<string, number>;
}

interface Checkpoint {
  version: 1;
  file: string;
  size: number;
  format: LogFormat;
  site: string;
  /** Lines of the file (blank ones included) whose batches the service acknowledged. */
  linesDone: number;
  totals: Totals;
}

interface BatchAnswer {
  lines: number;
  accepted: number;
  skipped: number;
  rejected: number;
  duplicates: number;
  reasons: Record<string, number>;
  rejected_lines: Array<{ line: number; code: string; message: string }>;
}

const MAX_REPORTED = 1000;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const RETRIES = 5;

function fail(message: string): never {
  process.stderr.write(`\nimport-logs: ${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: "string" },
    format: { type: "string" },
    drain: { type: "string" },
    "base-url": { type: "string" },
    batch: { type: "string", default: "2000" },
    checkpoint: { type: "string" },
    restart: { type: "boolean", default: false },
  },
});

const file = positionals[0] ? path.resolve(positionals[0]) : fail("give the log file to import");
const site = values.site?.toLowerCase() ?? fail("--site shop.example.com is required");
const drainId = values.drain ?? process.env.AR_DRAIN_ID ?? fail("--drain DRAIN_ID (or AR_DRAIN_ID) is required");
const secret = process.env.AR_DRAIN_SECRET ?? fail("AR_DRAIN_SECRET (the drain's secret) is required");
const baseUrl = (values["base-url"] ?? process.env.AR_BASE_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
const batchLines = Number(values.batch);
if (!Number.isInteger(batchLines) || batchLines < 1 || batchLines > 50_000) fail("--batch must be 1..50000 lines");
if (values.format && !(LOG_FORMATS as readonly string[]).includes(values.format))
  fail(`--format must be one of ${LOG_FORMATS.join(", ")}`);
if (!existsSync(file)) fail(`${file} does not exist`);
const size = statSync(file).size;
const checkpointFile = values.checkpoint ?? `${file}.import-checkpoint.json`;
const endpoint = `${baseUrl}/ingest/drains/${encodeURIComponent(drainId)}`;

function emptyTotals(): Totals {
  return { lines: 0, sent: 0, accepted: 0, skipped: 0, rejected: 0, duplicates: 0, unreadable: 0, reasons: {} };
}

function loadCheckpoint(): Checkpoint | null {
  if (values.restart || !existsSync(checkpointFile)) return null;
  const cp = JSON.parse(readFileSync(checkpointFile, "utf8")) as Checkpoint;
  if (cp.file !== file || cp.site !== site)
    fail(`${checkpointFile} belongs to ${cp.file} for ${cp.site}; pass --restart or another --checkpoint`);
  if (cp.size > size) fail(`${file} is shorter than when ${checkpointFile} was written; pass --restart`);
  return cp;
}

function saveCheckpoint(cp: Checkpoint): void {
  // Written aside and renamed: an interruption mid-write never leaves half a checkpoint.
  writeFileSync(`${checkpointFile}.tmp`, JSON.stringify(cp));
  renameSync(`${checkpointFile}.tmp`, checkpointFile);
}

let reported = 0;
function reportLine(line: number, code: string, message: string): void {
  if (reported++ < MAX_REPORTED) process.stderr.write(`\nline ${line}: ${code}: ${message}`);
}

let bytesRead = 0;
let lastDraw = 0;
function drawProgress(t: Totals, force = false): void {
  const now = Date.now();
  if (!force && now - lastDraw < 200) return;
  lastDraw = now;
  const share = size > 0 ? Math.min(1, bytesRead / size) : 1;
  const width = 30;
  const bar = "#".repeat(Math.round(share * width)).padEnd(width, ".");
  const text = `[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${t.lines} lines, ${t.accepted} stored (${t.duplicates} already), ${t.skipped} skipped, ${t.rejected + t.unreadable} rejected`;
  process.stderr.write(process.stderr.isTTY ? `\r${text}` : `${text}\n`);
}

async function send(body: Buffer): Promise<BatchAnswer> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${secret}`,
          // An imported log: lines older than 48 h count under their past day's salt (docs/privacy.md "Imported days").
          "X-Log-Import": "1",
          // The drain tells gzip by its magic bytes (shared/drains/read-batch.ts).
          "Content-Type": "application/x-ndjson",
        },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      if (attempt >= RETRIES) fail(`the service did not answer (${(err as Error).message}); re-run to continue`);
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (res.ok) return (await res.json()) as BatchAnswer;
    const text = await res.text();
    if ((res.status === 429 || res.status >= 500) && attempt < RETRIES) {
      const retryAfter = Number(res.headers.get("Retry-After"));
      await new Promise((r) =>
        setTimeout(r, 1000 * (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 2 ** attempt)),
      );
      continue;
    }
    fail(`the service answered HTTP ${res.status}: ${text.slice(0, 300)}; re-run to continue`);
  }
}

async function main(): Promise<void> {
  const cp = loadCheckpoint();
  const totals = cp?.totals ?? emptyTotals();
  let format: LogFormat | null = (values.format as LogFormat | undefined) ?? cp?.format ?? null;
  const raw = createReadStream(file);
  raw.on("data", (chunk) => {
    bytesRead += chunk.length;
  });
  const head = Buffer.alloc(2);
  const fd = openSync(file, "r");
  readSync(fd, head, 0, 2, 0);
  closeSync(fd);
  const text = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });

  let lineNo = 0;
  const skipUntil = cp?.linesDone ?? 0;
  let batch: string[] = [];
  let batchBytes = 0;
  // The file line of each drain line in the batch, to name the server's rejections.
  let batchLinesOf: number[] = [];

  const flush = async (upTo: number) => {
    if (batch.length > 0) {
      const answer = await send(gzipSync(`${batch.join("\n")}\n`));
      totals.sent += batch.length;
      totals.accepted += answer.accepted;
      totals.skipped += answer.skipped;
      totals.rejected += answer.rejected;
      totals.duplicates += answer.duplicates;
      for (const [k, v] of Object.entries(answer.reasons)) totals.reasons[k] = (totals.reasons[k] ?? 0) + v;
      for (const r of answer.rejected_lines) reportLine(batchLinesOf[r.line - 1] ?? 0, r.code, r.message);
    }
    batch = [];
    batchBytes = 0;
    batchLinesOf = [];
    if (format) saveCheckpoint({ version: 1, file, size, format, site, linesDone: upTo, totals });
    drawProgress(totals);
  };

  if (skipUntil > 0) process.stderr.write(`continuing after line ${skipUntil} (${checkpointFile})\n`);
  for await (const line of lines) {
    lineNo++;
    if (lineNo <= skipUntil) continue;
    if (!line.trim()) continue;
    format ??= detectLogFormat(line) ?? fail(`line ${lineNo}: the format could not be told; pass --format`);
    totals.lines++;
    const reading = readLogLine(format, line, site);
    if ("problem" in reading) {
      totals.unreadable++;
      totals.reasons[reading.problem.code] = (totals.reasons[reading.problem.code] ?? 0) + 1;
      reportLine(lineNo, reading.problem.code, reading.problem.message);
    } else {
      const id = await logLineId(site, lineNo, line);
      const json = JSON.stringify(toDrainLine(reading.record, id));
      batch.push(json);
      batchLinesOf.push(lineNo);
      batchBytes += json.length + 1;
    }
    if (batch.length >= batchLines || batchBytes >= MAX_BATCH_BYTES) await flush(lineNo);
    else drawProgress(totals);
  }
  await flush(lineNo);
  drawProgress(totals, true);
  if (reported > MAX_REPORTED) process.stderr.write(`\n${reported - MAX_REPORTED} more problem lines not listed`);
  process.stderr.write("\n");
  // One JSON line on stdout: the run's totals (the whole file, this run and earlier ones).
  process.stdout.write(`${JSON.stringify({ file, site, format, linesDone: lineNo, ...totals })}\n`);
}

main().catch((err: unknown) => fail((err as Error).stack ?? String(err)));
