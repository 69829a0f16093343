// `npm run bench:drains`: one ~10 MB gzip Cloudflare Logpush batch (`http_requests`,
// NDJSON) through the real local server (npm start: edge → ingest Worker → drain
// secret → streaming gunzip and line reading → classification, visitor hashes → the
// site's shard, committed) against the same run's floor: this process gunzipping the
// same bytes and JSON.parse-ing every line, nothing else. Target (issue 28): the drain
// at >= 0.5x the floor's speed. Peak memory: the Node floor's RSS and the local
// server's workerd processes' RSS, sampled every 25 ms during the request.
//
// The batch is a shop's ordinary traffic (docs/performance/log.md, "Drains"): 70% human
// asset requests, 20% human page views (the site has the snippet, so these are left to
// it), 10% AI agents (GPTBot, ClaudeBot, ChatGPT-User, PerplexityBot; half of them
// documents, so page views, the rest assets and robots.txt). Fields vary as in real logs
// (RayIDs, IPs, paths), so it compresses like one.
import { execFileSync, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";
import { profileWorkers, type WorkerProfiler } from "./workerd-profiler";

// BENCH_DRAIN_MB picks a smaller batch for a quick look; the figure is at 10.
// BENCH_DRAIN_PROFILE=<dir> also samples the ingest Worker (which hosts the shard) over
// the inspector during the request and writes its .cpuprofile there (the time is then
// not a figure to quote: sampling slows the run). The inspector did not answer at all in
// issue 46's fifth shift; BENCH_DRAIN_PERF=<file> instead records the local server's
// workerd processes with Linux `perf record -F 999 -g` during the request (`perf report
// -i <file>`: SQLite, V8 and the kernel by name; with MINIFLARE_WORKERD_V8_FLAGS=
// "--perf-basic-prof" the JIT-compiled JS functions too; docs/performance/log.md "Drains").
const PROFILE_DIR = process.env.BENCH_DRAIN_PROFILE;
const PERF_FILE = process.env.BENCH_DRAIN_PERF;
const TARGET_GZIP_BYTES = Number(process.env.BENCH_DRAIN_MB ?? "10") * 1024 * 1024;
const AGENTS = [
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
];
const HUMANS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0",
];
const ASSETS = [
  ["/cdn/shop/files/product-%.jpg", "image/jpeg"],
  ["/assets/app.%.js", "application/javascript"],
  ["/assets/theme.%.css", "text/css"],
  ["/fonts/inter-%.woff2", "font/woff2"],
] as const;

/** A small deterministic PRNG, so every run sends the same batch. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildBatch(domain: string, now: number): { gz: Buffer; lines: number; raw: number } {
  const rand = prng(28);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const parts: string[] = [];
  let gzBytes = 0;
  let lines = 0;
  let raw = 0;
  let chunk: string[] = [];
  // Grow until the gzip size reaches the target, measured per 5,000-line chunk: gzipping
  // the whole batch again after every chunk was quadratic (at 10 MB, ~46 passes over a
  // growing batch: ~2.8 GB compressed in all, before the request was even sent). Chunks
  // compressed apart come out a little larger than in one stream, so the batch sent is
  // slightly under the target; its real size is what is reported.
  while (gzBytes < TARGET_GZIP_BYTES) {
    for (let i = 0; i < 5000; i++) {
      const r = rand();
      const at = now - Math.floor(rand() * 3_600_000);
      const ip = `${Math.floor(rand() * 223) + 1}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}`;
      const id = Math.floor(rand() * 1e6);
      let uri: string;
      let type: string;
      let ua: string;
      if (r < 0.7) {
        const [p, t] = pick(ASSETS);
        uri = p.replace("%", String(id));
        type = t;
        ua = pick(HUMANS);
      } else if (r < 0.9) {
        uri = `/products/item-${id}?variant=${Math.floor(rand() * 40)}`;
        type = "text/html; charset=utf-8";
        ua = pick(HUMANS);
      } else {
        ua = pick(AGENTS);
        const k = rand();
        if (k < 0.5) [uri, type] = [`/products/item-${id}`, "text/html; charset=utf-8"];
        else if (k < 0.6) [uri, type] = ["/robots.txt", "text/plain"];
        else [uri, type] = [ASSETS[0][0].replace("%", String(id)), "image/jpeg"];
      }
      chunk.push(
        JSON.stringify({
          RayID: `${(id * 7919 + lines).toString(16)}${Math.floor(rand() * 1e8).toString(16)}`,
          EdgeStartTimestamp: at * 1_000_000,
          ClientRequestHost: domain,
          ClientRequestMethod: "GET",
          ClientRequestURI: uri,
          EdgeResponseStatus: rand() < 0.03 ? 404 : 200,
          EdgeResponseContentType: type,
          ClientRequestUserAgent: ua,
          ClientRequestReferer: rand() < 0.3 ? `https://${domain}/collections/all` : "",
          ClientIP: ip,
          ClientCountry: pick(["de", "us", "fr", "gb", "nl"]),
          CacheCacheStatus: pick(["hit", "miss", "dynamic"]),
          EdgeResponseBytes: Math.floor(rand() * 200_000),
          WorkerSubrequest: false,
        }),
      );
      lines++;
    }
    const text = `${chunk.join("\n")}\n`;
    raw += text.length;
    parts.push(text);
    chunk = [];
    gzBytes += gzipSync(text, { level: 6 }).length;
  }
  return { gz: gzipSync(parts.join(""), { level: 6 }), lines, raw };
}

/** This process's descendant workerd processes (the local server's runtime). */
function workerdPids(): number[] {
  const out = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" });
  const procs = out
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm }));
  const parent = new Map(procs.map((p) => [p.pid, p.ppid]));
  const mine = (pid: number) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p) ?? 0, hops++) if (p === process.pid) return true;
    return false;
  };
  return procs.filter((p) => p.comm.includes("workerd") && mine(p.pid)).map((p) => p.pid);
}

/**
 * Sum of the RSS (bytes) of the given processes, read from /proc without blocking. The
 * sampler used to spawn `ps` synchronously every 25 ms: that blocked this process's event
 * loop, which also sends the batch, for most of the request on a loaded machine, so
 * the drain waited on its own bench for its body (docs/performance/log.md, "Drains", Round 3).
 */
async function rssOf(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  }
  return total;
}

/** CPU time (ms) the given processes used so far, user and system apart, from /proc. */
async function cpuOf(pids: readonly number[]): Promise<{ user: number; system: number }> {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    user += Number(fields[11] ?? 0);
    system += Number(fields[12] ?? 0);
  }
  // USER_HZ is 100 on Linux.
  return { user: user * 10, system: system * 10 };
}

/** CPU time (ms, user and system) the given processes used so far. */
async function cpuMsOf(pids: readonly number[]): Promise<number> {
  const { user, system } = await cpuOf(pids);
  return user + system;
}

const mb = (b: number) => Number((b / 1024 / 1024).toFixed(1));

const server = await startLocalServer();
try {
  const base = server.baseUrl;
  const { key } = (await (
    await fetch(`${base}/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: "bench-drains", scopes: ["sites:write", "traffic:read"] }),
    })
  ).json()) as { key: string };
  const auth = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const site = (await (
    await fetch(`${base}/api/v1/sites`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ domain: "drain-bench.example" }),
    })
  ).json()) as { site_id: string; domain: string; public_token: string };
  // The snippet is installed (coverage "both"): one beacon marks it.
  await fetch(`${base}/ingest/e`, {
    method: "POST",
    headers: { Origin: `https://${site.domain}`, "Content-Type": "text/plain" },
    body: JSON.stringify({ s: site.public_token, k: "pageview", u: `https://${site.domain}/` }),
  });
  const drain = (await (
    await fetch(`${base}/api/v1/sites/${site.site_id}/drains`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ format: "cloudflare_logpush" }),
    })
  ).json()) as { drain_id: string; secret: string };

  const now = Date.now();
  const batch = buildBatch(site.domain, now);

  // Floor: gunzip and JSON.parse every line, in this process.
  const rssBefore = process.memoryUsage().rss;
  const floorStart = performance.now();
  const text = gunzipSync(batch.gz).toString("utf8");
  let parsed = 0;
  for (const line of text.split("\n")) if (line) parsed += JSON.parse(line) ? 1 : 0;
  const floorMs = performance.now() - floorStart;
  const floorPeakRss = process.memoryUsage().rss;

  // Wait for the beacon's rollup to mark the snippet installed before the drain reads the
  // site, then for the local server to be quiet: runs started 3 s after the beacon took
  // twice as long as runs started later (docs/performance/log.md, "Drains", Round 3), so the
  // request is sent once workerd used under 5% of a core for a whole second (at most 60 s).
  await new Promise((r) => setTimeout(r, 3000));
  const pids = workerdPids();
  const waitStart = performance.now();
  const busyMs: number[] = [];
  for (let before = await cpuMsOf(pids); performance.now() - waitStart < 60_000; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await cpuMsOf(pids);
    busyMs.push(Math.round(now - before));
    if (now - before < 50) break;
    before = now;
  }
  const quietWaitMs = Math.round(performance.now() - waitStart);
  const idleRss = await rssOf(pids);
  let peakRss = idleRss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRss = Math.max(peakRss, await rssOf(pids));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const profiler: WorkerProfiler | null = PROFILE_DIR ? await profileWorkers(process.pid, ["ingest"]) : null;
  const perf = PERF_FILE
    ? spawn("perf", ["record", "-F", "999", "-g", "-o", PERF_FILE, "-p", pids.join(",")], { stdio: "ignore" })
    : null;
  // perf needs a moment to attach to every thread before the request starts.
  if (perf) await new Promise((r) => setTimeout(r, 1500));
  const cpuBefore = await cpuOf(pids);
  const start = performance.now();
  const res = await fetch(`${base}/ingest/drains/${drain.drain_id}`, {
    signal: AbortSignal.timeout(900_000),
    method: "POST",
    headers: {
      Authorization: `Bearer ${drain.secret}`,
      "Content-Type": "application/json",
      "Content-Encoding": "gzip",
    },
    body: new Uint8Array(batch.gz),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  const drainMs = performance.now() - start;
  // The local server's CPU time during the request: near drain_ms when the drain is
  // bound by its own work, well under it when it waits (for the body, or its CPU share).
  const cpuAfter = await cpuOf(pids);
  if (perf) {
    const exited = new Promise((r) => perf.once("exit", r));
    perf.kill("SIGINT");
    await exited;
    console.log(`perf record: ${PERF_FILE}`);
  }
  sampling = false;
  await sampler;
  if (profiler && PROFILE_DIR) await profiler.stop(PROFILE_DIR);
  if (res.status !== 200) throw new Error(`drain answered ${res.status}: ${JSON.stringify(answer)}`);

  const result = {
    bench: "drains",
    gzip_mb: mb(batch.gz.length),
    raw_mb: mb(batch.raw),
    lines: batch.lines,
    floor_ms: Math.round(floorMs),
    drain_ms: Math.round(drainMs),
    ratio_to_floor: Number((floorMs / drainMs).toFixed(2)),
    target_ratio: 0.5,
    accepted: answer.accepted,
    page_views: answer.page_views,
    agent_requests: answer.agent_requests,
    skipped: answer.skipped,
    rejected: answer.rejected,
    floor_peak_rss_mb: mb(floorPeakRss),
    floor_rss_growth_mb: mb(floorPeakRss - rssBefore),
    workerd_cpu_ms: cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system,
    workerd_system_ms: cpuAfter.system - cpuBefore.system,
    workerd_idle_rss_mb: mb(idleRss),
    workerd_peak_rss_mb: mb(peakRss),
    quiet_wait_ms: quietWaitMs,
    workerd_busy_ms_per_s_before: busyMs.join("/"),
  };
  if (parsed !== batch.lines) throw new Error(`floor parsed ${parsed} of ${batch.lines} lines`);
  console.table([result]);
  recordResult(result);
} catch (e) {
  console.error(server.output().slice(-4000));
  throw e;
} finally {
  await server.stop();
}
