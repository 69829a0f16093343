// `npm run bench:ingest`: beacon throughput through the real local server (npm start:
// edge → ingest Worker → token/Origin check → classification → queue), as a ratio to a
// no-op request in the same run (a 404 that passes the edge and the ingest app but
// touches no D1, Durable Object or queue); plus the snippet's size, raw and gzipped.
// Target (issue 5): beacons at >= 0.7x the no-op rate; snippet < 1.5 KB gzipped.
import { gzipSync } from "node:zlib";
import { startLocalServer } from "../test/helpers/node/local-server";
import { recordResult } from "./results";
import { beaconSender, pairedRounds } from "./throughput";

const REQUESTS = 2000;
const CONCURRENCY = 16;

const server = await startLocalServer();
try {
  const base = server.baseUrl;
  const keyRes = await fetch(`${base}/__admin/keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ workspace: "bench-ingest", scopes: ["sites:write"] }),
  });
  const { key } = (await keyRes.json()) as { key: string };
  const site = (await (
    await fetch(`${base}/api/v1/sites`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ domain: "bench-shop.example", name: "Bench shop" }),
    })
  ).json()) as { public_token: string };

  const beacon = { send: beaconSender(base, site.public_token, { r: "https://chatgpt.com/" }), status: 202 };
  const noop = { send: () => fetch(`${base}/ingest/nothing`), status: 404 };
  const rounds = await pairedRounds(noop, beacon, REQUESTS, CONCURRENCY);
  const noopRps = rounds[1].baseline;
  const beaconRps = rounds[1].subject;

  const snippet = Buffer.from(await (await fetch(`${base}/sdk/v1/agent.js`)).arrayBuffer());
  const result = {
    bench: "ingest",
    requests_per_round: REQUESTS,
    rounds: rounds.length,
    concurrency: CONCURRENCY,
    noop_rps: Math.round(noopRps),
    beacon_rps: Math.round(beaconRps),
    ratio_to_noop: Number((beaconRps / noopRps).toFixed(2)),
    ratios_per_round: rounds.map((r) => Number(r.ratio.toFixed(2))),
    target_ratio: 0.7,
    snippet_bytes: snippet.length,
    snippet_gzip_bytes: gzipSync(snippet, { level: 9 }).length,
    snippet_gzip_target_bytes: 1536,
  };
  console.table([result]);
  recordResult(result);
} finally {
  await server.stop();
}
