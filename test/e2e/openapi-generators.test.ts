import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminKey } from "./workspace-seed";

// Clients generated from the live /api/v1/openapi.json by three generators nobody here
// wrote (openapi-typescript with openapi-fetch, @hey-api/openapi-ts, orval's fetch
// client), type-checked with tsc, then used for real calls against the local server.
// Issue 26: orval failed with 16 TS2451 (`<Operation>Period` declared twice) and every
// generator typed `events` as unknown[].

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
// The e2e lane's tools (test/e2e/package.json); tsc is the project's.
const bin = (name: string) =>
  path.join(root, name === "tsc" ? "node_modules/.bin" : "test/e2e/node_modules/.bin", name);
// Inside the repository (gitignored) so vitest can import the generated TypeScript, and
// under test/e2e so the generated clients resolve openapi-fetch from the lane's tools.
const work = path.join(root, "test/e2e/.generated/openapi-generators");
const exec = promisify(execFile);

async function run(command: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(command, args, { cwd: work, encoding: "utf8", maxBuffer: 64 << 20 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

// A few typed calls through each client. Compiled by tsc --strict, then run.
const CALLS = `import createClient from "openapi-fetch";
import type { components, paths } from "./openapi-typescript/v1";
import { client as hey } from "./hey/client.gen";
import { registerSite, trafficOverview } from "./hey/sdk.gen";
import { recordServerEvents, whoami, type ReportedPeriod, type ServerEventInput } from "./orval/v1";

export async function callEveryClient(baseUrl: string, key: string, domain: string) {
  const headers = { Authorization: \`Bearer \${key}\` };

  const fetchClient = createClient<paths>({ baseUrl, headers });
  const me = await fetchClient.GET("/api/v1/whoami");
  const scopes: string[] = me.data?.scopes ?? [];

  hey.setConfig({ baseUrl, headers });
  const site = await registerSite({ body: { domain, name: "Generated clients" } });
  const token: string | undefined = site.data?.public_token;
  const overview = await trafficOverview({ query: { domain, period: "24h" } });
  const period: ReportedPeriod | undefined = overview.data?.period;

  const event: ServerEventInput = {
    timestamp: Date.now(),
    domain,
    path: "/products/blue-mug",
    method: "GET",
    status: 200,
    user_agent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  };
  const typedTheSameWay: components["schemas"]["ServerEventInput"] = event;
  const recorded = await recordServerEvents({ events: [typedTheSameWay] }, { headers });
  const accepted = recorded.status === 200 ? recorded.data.accepted : -1;
  const orvalMe = await whoami({ headers });

  return {
    scopes,
    token,
    period,
    accepted,
    statuses: [me.response.status, site.response?.status, overview.response?.status, recorded.status, orvalMe.status],
  };
}
`;

// Misuse the types must refuse: an event without a path, a period outside the enum.
const MISUSE = `import type { ServerEventInput } from "./orval/v1";
import { trafficOverview } from "./hey/sdk.gen";
export const noPath: ServerEventInput = { timestamp: 1, domain: "a.example", method: "GET", status: 200 };
export const badPeriod = trafficOverview({ query: { domain: "a.example", period: "2d" } });
`;

const TSC = ["--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext"];
const TSC_LIBS = ["--moduleResolution", "bundler", "--lib", "es2022,dom,dom.iterable"];

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, "openapi.json"), await (await fetch(`${baseUrl}/api/v1/openapi.json`)).text());
  // orval reads its base URL from a config file (output.baseUrl); the others from the call.
  writeFileSync(
    path.join(work, "orval.config.mjs"),
    `export default { v1: { input: { target: "./openapi.json" }, output: { target: "./orval/v1.ts", client: "fetch", baseUrl: ${JSON.stringify(baseUrl)} } } };\n`,
  );
  writeFileSync(path.join(work, "calls.ts"), CALLS);
  writeFileSync(path.join(work, "misuse.ts"), MISUSE);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("clients generated from /api/v1/openapi.json", () => {
  it("generate with openapi-typescript, hey-api and orval, and type-check with tsc --strict", async () => {
    const generated = await Promise.all([
      run(bin("openapi-typescript"), ["openapi.json", "-o", "openapi-typescript/v1.d.ts"]),
      run(bin("openapi-ts"), ["-i", "openapi.json", "-o", "hey"]),
      run(bin("orval"), ["--config", "orval.config.mjs"]),
    ]);
    for (const g of generated) expect(g.code, g.out).toBe(0);

    const ok = await run(bin("tsc"), [...TSC, ...TSC_LIBS, "calls.ts", "orval/v1.ts"]);
    expect(ok.out).toBe("");
    expect(ok.code).toBe(0);
    // The types are real: misuse is refused, naming the missing field and the bad period.
    const bad = await run(bin("tsc"), [...TSC, ...TSC_LIBS, "misuse.ts"]);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain("'path' is missing");
    expect(bad.out).toContain('"2d"');
  }, 240_000);

  it("make real calls against the local server through all three", async () => {
    const { key } = await adminKey(baseUrl, "generated-clients", "--scopes", "sites:write,traffic:read,events:write");
    const { callEveryClient } = (await import(path.join(work, "calls.ts"))) as {
      callEveryClient: (b: string, k: string, d: string) => Promise<Record<string, unknown>>;
    };
    const result = await callEveryClient(baseUrl, key, "generated-clients.example.com");
    expect(result).toMatchObject({ period: "24h", accepted: 1, statuses: [200, 201, 200, 200, 200] });
    expect(result.scopes).toContain("events:write");
    expect(result.token).toEqual(expect.any(String));
  }, 60_000);
});
