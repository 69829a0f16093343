// `npm run bench:conversions`: what recording conversions costs per order, in one-item
// requests versus 100-item batches, and what the list and the attribution report cost,
// against the real local server (npm start) on this machine. Every figure is a ratio to
// a baseline measured in the same run: a POST of one new conversion.
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";

interface Scenario {
  name: string;
  runs: number;
  itemsPerRun: number;
  request: (i: number) => Promise<Response>;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const server = await startLocalServer();
try {
  const base = server.baseUrl;
  // One key per scenario: each has its own 120/min budget (docs/decisions.md#3-rate-limits).
  const createKey = async () => {
    const res = await fetch(`${base}/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: "bench-conversions", scopes: ["conversions:write", "conversions:read"] }),
    });
    return {
      Authorization: `Bearer ${((await res.json()) as { key: string }).key}`,
      "Content-Type": "application/json",
    };
  };
  const occurred = new Date(Date.now() - 3_600_000).toISOString();
  const item = (id: string, i: number) => ({
    external_id: id,
    occurred_at: occurred,
    value_minor: 1000 + i,
    currency: ["EUR", "USD", "JPY"][i % 3],
    attribution: i % 2 === 0 ? { click_ids: { oppref: `op${i}` } } : { utm: { source: "chatgpt.com" } },
  });
  const post = async (headers: Record<string, string>, items: unknown[]) =>
    fetch(`${base}/api/v1/conversions`, { method: "POST", headers, body: JSON.stringify({ conversions: items }) });

  const [k1, k100, kDup, kList, kReport, kWarm] = await Promise.all(Array.from({ length: 6 }, createKey));
  // Warm-up: module load and the first D1 open land in no scenario.
  for (let i = 0; i < 5; i++) await post(kWarm, [item(`warm-${i}`, i)]);

  const scenarios: Scenario[] = [
    {
      name: "baseline: POST 1 new conversion",
      runs: 50,
      itemsPerRun: 1,
      request: (i) => post(k1, [item(`one-${i}`, i)]),
    },
    {
      name: "POST 100 new conversions",
      runs: 15,
      itemsPerRun: 100,
      request: (i) =>
        post(
          k100,
          Array.from({ length: 100 }, (_, j) => item(`batch-${i}-${j}`, j)),
        ),
    },
    {
      name: "POST 100 duplicates",
      runs: 15,
      itemsPerRun: 100,
      request: (i) =>
        post(
          kDup,
          Array.from({ length: 100 }, (_, j) => item(`batch-${i}-${j}`, j)),
        ),
    },
    {
      name: "GET /conversions?limit=200",
      runs: 50,
      itemsPerRun: 1,
      request: () => fetch(`${base}/api/v1/conversions?limit=200`, { headers: kList }),
    },
    {
      name: "GET /attribution/overview (1,555 conversions)",
      runs: 50,
      itemsPerRun: 1,
      request: () => fetch(`${base}/api/v1/attribution/overview?period=24h`, { headers: kReport }),
    },
  ];

  const results: { scenario: string; median_ms: number; ms_per_item: number; ratio_to_baseline: number }[] = [];
  let baseline = 0;
  for (const s of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < s.runs; i++) {
      const started = performance.now();
      const res = await s.request(i);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${s.name}: HTTP ${res.status}`);
    }
    const m = median(times);
    if (baseline === 0) baseline = m;
    results.push({
      scenario: s.name,
      median_ms: Number(m.toFixed(2)),
      ms_per_item: Number((m / s.itemsPerRun).toFixed(3)),
      ratio_to_baseline: Number((m / baseline).toFixed(2)),
    });
  }
  console.table(results);
  recordResult({ bench: "conversions-batch", results });
} finally {
  await server.stop();
}
