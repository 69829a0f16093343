#!/usr/bin/env node
// `npm run smoke -- https://agents.example.com` (or BASE_URL=...): proves a deployment
// answers on every Worker behind the edge, without changing any data. With SMOKE_API_KEY
// set it also proves a key works (GET /api/v1/whoami). Exit code 0 only when all pass.
// docs/deploy.md step 10; works against `npm start` too (http://127.0.0.1:8787).
const baseUrl = (process.argv[2] || process.env.BASE_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");
const apiKey = process.env.SMOKE_API_KEY;
let failures = 0;

async function check(name, path, init, expect) {
  let res;
  let body = "";
  try {
    res = await fetch(`${baseUrl}${path}`, { redirect: "manual", ...init });
    body = await res.text();
  } catch (err) {
    failures++;
    console.log(`FAIL  ${name}: ${err.cause?.message ?? err.message}`);
    return;
  }
  let problem;
  try {
    problem = res.headers.get("X-Request-Id") ? expect(res, body) : "no X-Request-Id";
  } catch (err) {
    problem = `unreadable answer: ${err.message}`;
  }
  if (problem) {
    failures++;
    console.log(`FAIL  ${name}: ${problem} (status ${res.status})`);
  } else console.log(`ok    ${name}`);
}

const https = baseUrl.startsWith("https://");

await check("scan page  GET /", "/", {}, (r, b) => (r.status === 200 && b.includes("<form") ? null : "no scan page"));
await check(
  "scan API   POST /api/scan refuses a bad domain",
  "/api/scan",
  {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ domain: "not a domain" }),
  },
  (r, b) => (r.status === 400 && JSON.parse(b).error ? null : "expected 400 {error}"),
);
await check("v1 API     GET /api/v1/openapi.json", "/api/v1/openapi.json", {}, (r, b) =>
  r.status === 200 && JSON.parse(b).openapi ? null : "no OpenAPI document",
);
await check("v1 API     GET /api/v1/whoami without a key is 401", "/api/v1/whoami", {}, (r, b) =>
  r.status === 401 && JSON.parse(b).code === "unauthorized" ? null : "expected 401 unauthorized",
);
await check("ingest     GET /sdk/v1/agent.js", "/sdk/v1/agent.js", {}, (r) =>
  r.status === 200 && (r.headers.get("Content-Type") ?? "").includes("javascript") ? null : "no snippet script",
);
await check("app        GET /app leads to sign-in", "/app", {}, (r) =>
  r.status === 303 && r.headers.get("Location") === "/app/sign-in" ? null : "expected 303 to /app/sign-in",
);
await check("app        GET /app/sign-in", "/app/sign-in", {}, (r, b) => {
  if (r.status !== 200 || !b.includes('name="password"')) return "no sign-in form";
  const cookie = r.headers.get("Set-Cookie") ?? "";
  if (https && !/__Host-ar_csrf=.*Secure/.test(cookie)) return "CSRF cookie is not __Host- and Secure on https";
  return null;
});
if (apiKey) {
  await check(
    "v1 API     GET /api/v1/whoami with SMOKE_API_KEY",
    "/api/v1/whoami",
    {
      headers: { Authorization: `Bearer ${apiKey}` },
    },
    (r, b) => {
      if (r.status !== 200) return "the key was refused";
      const me = JSON.parse(b);
      console.log(`      workspace ${me.workspace_name} (${me.workspace_id}), scopes ${me.scopes.join(", ")}`);
      return null;
    },
  );
}
console.log(failures === 0 ? `smoke test passed: ${baseUrl}` : `smoke test FAILED (${failures}): ${baseUrl}`);
process.exit(failures === 0 ? 0 : 1);
