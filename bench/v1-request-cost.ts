// `npm run bench:v1`: what authentication and the per-key rate limiter add to a v1
// request, measured against the real local server (npm start) on this machine.
// Every figure is a ratio to a baseline measured in the same run: a 404 that passes the
// edge and the v1 app but touches neither D1 nor a Durable Object.
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";

const N = 100;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function timeRequests(url: string, headers: Record<string, string>, expectStatus: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== expectStatus) throw new Error(`${url}: expected ${expectStatus}, got ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

const server = await startLocalServer();
try {
  const base = server.baseUrl;
  const createKey = async (scopes: string[]) => {
    const res = await fetch(`${base}/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: "bench", scopes }),
    });
    return { Authorization: `Bearer ${((await res.json()) as { key: string }).key}` };
  };
  const reader = await createKey(["traffic:read"]);
  const noScope = await createKey([]);
  const exhausted = await createKey(["traffic:read"]);
  await Promise.all(Array.from({ length: 120 }, () => fetch(`${base}/api/v1/whoami`, { headers: exhausted })));

  // Warm-up so module load and first D1 open do not land in any scenario.
  await timeRequests(`${base}/api/v1/nothing`, {}, 404);

  const scenarios: [string, string, Record<string, string>, number][] = [
    ["baseline: 404, no D1, no DO", `${base}/api/v1/nothing`, {}, 404],
    [
      "401 unknown key: one D1 read",
      `${base}/api/v1/whoami`,
      { Authorization: `Bearer ar_live_${"A".repeat(40)}` },
      401,
    ],
    ["403 scope: D1 key read + one DO hit", `${base}/api/v1/sites`, noScope, 403],
    ["429 cached refusal: D1 key read, no DO", `${base}/api/v1/whoami`, exhausted, 429],
    ["200 whoami: D1 key read + DO hit + D1 read", `${base}/api/v1/whoami`, reader, 200],
  ];
  const results: { scenario: string; median_ms: number; p90_ms: number; ratio_to_baseline: number }[] = [];
  let baseline = 0;
  for (const [name, url, headers, status] of scenarios) {
    const times = await timeRequests(url, headers, status);
    const median = quantile(times, 0.5);
    if (baseline === 0) baseline = median;
    results.push({
      scenario: name,
      median_ms: Number(median.toFixed(2)),
      p90_ms: Number(quantile(times, 0.9).toFixed(2)),
      ratio_to_baseline: Number((median / baseline).toFixed(2)),
    });
  }
  console.table(results);
  recordResult({ bench: "v1-request-cost", requests_per_scenario: N, results });
} finally {
  await server.stop();
}
