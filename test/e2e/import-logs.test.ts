import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminKey, seedSite } from "./workspace-seed";

// `npm run import-logs` against the real local server: a gzipped nginx "combined" log
// (test/fixtures/logs, timestamps set to the last hours so the drain's 48 h window holds
// them) sent to a generic NDJSON drain; interrupted by a proxy that lets one batch
// through, resumed from its checkpoint, and re-sent whole to show it is stored once.

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const exec = promisify(execFile);
const SITE = "import-shop.test";

/**
 * `25/Nov/2026:10:04:00 +0000`, the combined format's $time_local, at `share` of the time
 * gone since today's UTC midnight. The lines stay inside today so that their day's
 * visitor-hash salt exists on a fresh server: with "3 h ago", a run between 00:00 and
 * 03:00 UTC dated the first lines yesterday, whose salt a server started today never had.
 */
function logTime(share: number): string {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const midnight = now - (now % 86_400_000);
  const d = new Date(midnight + Math.floor(((now - midnight) * share) / 1000) * 1000);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

interface RunTotals {
  lines: number;
  sent: number;
  accepted: number;
  skipped: number;
  rejected: number;
  duplicates: number;
  unreadable: number;
  reasons: Record<string, number>;
}

async function importLogs(file: string, env: Record<string, string>, ...flags: string[]) {
  try {
    const { stdout, stderr } = await exec("npx", ["tsx", "scripts/import-logs.ts", "--site", SITE, ...flags, file], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, totals: JSON.parse(stdout.trim()) as RunTotals, stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, totals: null, stderr: e.stderr };
  }
}

let dir = "";
let env: Record<string, string> = {};
let apiKey = "";
let proxy: Server | undefined;

beforeAll(async () => {
  const { key } = await adminKey(baseUrl, "import-logs", "--preset", "full");
  apiKey = key;
  const auth = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const site = await seedSite({ key }, baseUrl, SITE);
  const drain = (await (
    await fetch(`${baseUrl}/api/v1/sites/${site.siteId}/drains`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ format: "ndjson" }),
    })
  ).json()) as { drain_id: string; secret: string };
  env = { AR_DRAIN_ID: drain.drain_id, AR_DRAIN_SECRET: drain.secret, AR_BASE_URL: baseUrl };
  dir = mkdtempSync(path.join(tmpdir(), "import-logs-"));
  const template = readFileSync(path.join(root, "test/fixtures/logs/access-combined.log.template"), "utf8");
  const log = template
    .replace(/\{\{T1\}\}/g, logTime(0.25))
    .replace(/\{\{T2\}\}/g, logTime(0.5))
    .replace(/\{\{T3\}\}/g, logTime(0.75));
  writeFileSync(path.join(dir, "access.log.gz"), gzipSync(log));
});

afterAll(() => {
  proxy?.close();
});

describe("npm run import-logs", () => {
  it("reports malformed lines by number, resumes after an interruption, and stores a re-sent file once", async () => {
    const file = path.join(dir, "access.log.gz");
    // A proxy that passes the first batch to the service and refuses the second: the run stops there.
    let seen = 0;
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (++seen > 1) {
        res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"error":"interrupted","code":"invalid_request"}');
        return;
      }
      const upstream = await fetch(`${baseUrl}${req.url}`, {
        method: "POST",
        headers: { Authorization: String(req.headers.authorization), "Content-Type": "application/x-ndjson" },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    });
    await new Promise<void>((r) => proxy?.listen(0, "127.0.0.1", r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

    // The file: 7 non-blank lines (line 4 is blank), 2 unreadable (line 3, not the format;
    // line 6, a TLS handshake sent to port 80), 5 requests. Batches of 2 requests: lines
    // 1-2 go through, the batch of lines 5 and 7 is refused.
    const first = await importLogs(file, { ...env, AR_BASE_URL: proxyUrl }, "--batch", "2");
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toContain("line 3: invalid_record: line: not in the combined log format");
    expect(first.stderr).toContain("HTTP 400");
    const checkpoint = JSON.parse(readFileSync(`${file}.import-checkpoint.json`, "utf8")) as { linesDone: number };
    expect(checkpoint.linesDone).toBe(2);

    const resumed = await importLogs(file, env, "--batch", "2");
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain("continuing after line 2");
    expect(resumed.stderr).toMatch(/line 6: invalid_record: request: /);
    const t = resumed.totals as RunTotals;
    expect(t.lines).toBe(7);
    expect(t.unreadable).toBe(2);
    expect(t.sent).toBe(5);
    expect(t.accepted + t.skipped + t.rejected).toBe(5);
    // GPTBot, the visitor from chatgpt.com, ClaudeBot and OAI-SearchBot are stored; the
    // stylesheet a browser fetched is no page view.
    expect(t.accepted, JSON.stringify(t)).toBe(4);
    expect(t.reasons).toMatchObject({ not_a_page_view: 1 });
    expect(t.duplicates).toBe(0);

    // The whole file again, from the start: every line is already stored.
    const again = await importLogs(file, env, "--restart");
    expect(again.code, again.stderr).toBe(0);
    const a = again.totals as RunTotals;
    expect(a.accepted).toBe(t.accepted);
    expect(a.duplicates).toBe(t.accepted);
    expect(existsSync(`${file}.import-checkpoint.json`)).toBe(true);
  });

  it("counts a log of ten days ago in that day's v1 reports, stores it once when sent again, and refuses lines past 90 days by number", async () => {
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const old = today - 10 * DAY + 14 * 3_600_000; // 14:00 UTC ten days ago
    const day = new Date(old).toISOString().slice(0, 10);
    const at = (ms: number) => {
      const d = new Date(ms);
      const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
    };
    const GPTBOT =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    const CLAUDEBOT =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
    const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const line = (ip: string, ms: number, path: string, ua: string) =>
      `${ip} - - [${at(ms)}] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
    const file = path.join(dir, "last-month.log");
    writeFileSync(
      file,
      [
        line("20.171.207.2", old, "/products/mug", GPTBOT), // GPTBot: one visitor, one session of 2 pages
        line("20.171.207.2", old + 60_000, "/products/cup", GPTBOT),
        line("160.79.104.10", old + 120_000, "/", CLAUDEBOT), // ClaudeBot: a second agent session
        line("198.51.100.7", old + 180_000, "/", FIREFOX), // a person (the site has no snippet)
        line("20.171.207.2", today - 100 * DAY, "/older", GPTBOT), // beyond 90 days: refused
      ].join("\n"),
    );
    const first = await importLogs(file, env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.totals).toMatchObject({ lines: 5, sent: 5, accepted: 4, rejected: 1, reasons: { too_old: 1 } });
    expect(first.stderr).toContain("line 5: too_old");

    const report = async (name: string) => {
      const res = await fetch(
        `${baseUrl}/api/v1/traffic/${name}?domain=${SITE}&from=${day}T00:00:00Z&to=${new Date(Date.parse(day) + DAY).toISOString()}`,
        { headers: { Authorization: `Bearer ${apiKey}` } },
      );
      expect(res.status, name).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    // That day: 2 AI-agent sessions of 2 visitors; 3 sessions in all with the person's.
    expect(await report("overview")).toMatchObject({ total_sessions: 2, unique_visitors: 2 });
    expect(await report("sources")).toMatchObject({ total_sessions: 3, ai_sessions: 2 });

    const again = await importLogs(file, env, "--restart");
    expect(again.code, again.stderr).toBe(0);
    expect(again.totals).toMatchObject({ accepted: 4, duplicates: 4 });
    expect(await report("overview")).toMatchObject({ total_sessions: 2, unique_visitors: 2 });
  }, 120_000);
});
