#!/usr/bin/env node
// `npm run --silent admin -- create-key --workspace NAME (--scopes a,b | --preset provisioning|read-only|full) [--name LABEL]`
// `npm run --silent admin -- list-keys --workspace NAME`
// `npm run --silent admin -- revoke-key --key-id ID`
// Talks to the RUNNING local server (npm start): its local-only /__admin routes write
// the same D1 the Workers read. Prints exactly one JSON line on success (docs/decisions.md#1-running-it).
// BASE_URL, or PORT (default 8787), says where the server is.
import { parseArgs } from "node:util";

const baseUrl = process.env.BASE_URL || `http://127.0.0.1:${process.env.PORT || "8787"}`;

function fail(message) {
  process.stderr.write(`admin: ${message}\n`);
  process.exit(1);
}

const usage = [
  "usage: admin create-key --workspace NAME (--scopes s1,s2 | --preset provisioning|read-only|full) [--name LABEL]",
  "       admin list-keys --workspace NAME",
  "       admin revoke-key --key-id ID",
].join("\n");

const [command, ...rest] = process.argv.slice(2);
let values;
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      workspace: { type: "string" },
      scopes: { type: "string" },
      preset: { type: "string" },
      name: { type: "string" },
      "key-id": { type: "string" },
    },
    strict: true,
  }));
} catch (err) {
  fail(`${err.message}\n${usage}`);
}

async function call(path, body, method = "POST") {
  let res;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: method === "POST" ? { "Content-Type": "application/json" } : {},
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (err) {
    fail(`cannot reach ${baseUrl} (is npm start running?): ${err.cause?.message ?? err.message}`);
  }
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    fail(`unexpected answer ${res.status} from ${baseUrl}${path}: ${text.slice(0, 200)}`);
  }
  if (!res.ok) fail(`${json.code ?? res.status}: ${json.error ?? text}`);
  return json;
}

if (command === "create-key") {
  if (!values.workspace) fail(`--workspace is required\n${usage}`);
  if (values.scopes !== undefined && values.preset !== undefined) fail("give --scopes or --preset, not both");
  // A key without scopes can call nothing; refuse it here rather than print a useless key.
  if (values.scopes === undefined && values.preset === undefined)
    fail(`give --scopes s1,s2 or --preset provisioning|read-only|full: a key needs at least one scope\n${usage}`);
  const body = { workspace: values.workspace };
  if (values.name !== undefined) body.name = values.name;
  if (values.preset !== undefined) body.preset = values.preset;
  if (values.scopes !== undefined)
    body.scopes = values.scopes
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const key = await call("/__admin/keys", body);
  process.stdout.write(
    `${JSON.stringify({ workspace_id: key.workspace_id, key_id: key.key_id, key: key.key, scopes: key.scopes })}\n`,
  );
} else if (command === "list-keys") {
  if (!values.workspace) fail(`--workspace is required\n${usage}`);
  const list = await call(`/__admin/keys?workspace=${encodeURIComponent(values.workspace)}`, undefined, "GET");
  process.stdout.write(`${JSON.stringify(list)}\n`);
} else if (command === "revoke-key") {
  if (!values["key-id"]) fail(`--key-id is required\n${usage}`);
  const result = await call(`/__admin/keys/${encodeURIComponent(values["key-id"])}/revoke`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  fail(usage);
}
