#!/usr/bin/env node
// `npm run migrate:analytics [-- --site-id ID]`: copies the analytics of every site (or
// one) from the single local D1 into the per-site shards, through the RUNNING local
// server's local-only /__admin/migrate-analytics route (npm start). Idempotent: run it
// again after an interruption. Prints one JSON line: rows copied per site.
// BASE_URL, or PORT (default 8787), says where the server is.
import { parseArgs } from "node:util";

const baseUrl = process.env.BASE_URL || `http://127.0.0.1:${process.env.PORT || "8787"}`;
const { values } = parseArgs({ options: { "site-id": { type: "string" } }, strict: true });
const query = values["site-id"] ? `?site_id=${encodeURIComponent(values["site-id"])}` : "";
const res = await fetch(`${baseUrl}/__admin/migrate-analytics${query}`, { method: "POST" });
const text = await res.text();
if (!res.ok) {
  process.stderr.write(`migrate-analytics: ${res.status} ${text}\n`);
  process.exit(1);
}
process.stdout.write(`${text}\n`);
