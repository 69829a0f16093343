import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
// The e2e lane's tools (test/e2e/package.json); tsc is the project's.
const bin = (name: string) =>
  path.join(root, name === "tsc" ? "node_modules/.bin" : "test/e2e/node_modules/.bin", name);
// Inside the tools' node_modules so the generated client resolves openapi-fetch like any package.
const work = path.join(root, "test/e2e/node_modules/.cache/v1-openapi-check");

const execFileAsync = promisify(execFile);

// Asynchronous on purpose: a synchronous child process blocks Node's event loop while
// Spectral and tsc run, so undici never sees the server close its idle keep-alive socket
// and the next fetch is written onto a dead one ("other side closed").
async function run(command: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await execFileAsync(command, args, { cwd: work, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
  writeFileSync(path.join(work, "openapi.json"), await res.text());
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the live /api/v1/openapi.json", () => {
  it("passes Spectral's oas ruleset with zero errors", async () => {
    const result = await run(bin("spectral"), [
      "lint",
      "openapi.json",
      "--ruleset",
      path.join(root, "test/e2e/spectral-oas.yaml"),
      "--format",
      "json",
      "--quiet",
      "--fail-severity",
      "error",
    ]);
    const findings = JSON.parse(result.out || "[]") as { severity: number; code: string; message: string }[];
    // Spectral severities: 0 error, 1 warning, 2 info, 3 hint.
    expect(findings.filter((f) => f.severity === 0)).toEqual([]);
    expect(result.code).toBe(0);
  }, 120_000);

  it("generates an openapi-typescript client whose typed calls compile, and whose misuse does not", async () => {
    const gen = await run(bin("openapi-typescript"), ["openapi.json", "-o", "v1.d.ts"]);
    expect(gen.code, gen.out).toBe(0);
    writeFileSync(
      path.join(work, "client.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "./v1";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1:8787", headers: { Authorization: "Bearer k" } });

export async function useIt(): Promise<string[]> {
  const created = await client.POST("/api/v1/sites", { body: { domain: "shop.example.com", name: "Shop" } });
  const token: string | undefined = created.data?.public_token;
  const page = await client.GET("/api/v1/sites", { params: { query: { limit: 10 } } });
  const next: string | null | undefined = page.data?.next_cursor;
  const code: string | undefined = page.error?.code;
  const me = await client.GET("/api/v1/whoami");
  const scopes: string[] = me.data?.scopes ?? [];
  await client.PATCH("/api/v1/sites/{site_id}", {
    params: { path: { site_id: "site_1" } },
    body: { coverage: "ai_and_tagged" },
  });
  return [token ?? "", next ?? "", code ?? "", ...scopes];
}
`,
    );
    writeFileSync(
      path.join(work, "misuse.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "./v1";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1:8787" });
export const wrong = client.PATCH("/api/v1/sites/{site_id}", {
  params: { path: { site_id: "site_1" } },
  body: { coverage: "everything" },
});
`,
    );
    const tscArgs = ["--noEmit", "--strict", "--skipLibCheck", "--module", "esnext", "--moduleResolution", "bundler"];
    const ok = await run(bin("tsc"), [...tscArgs, "--target", "es2022", "client.ts"]);
    expect(ok.out).toBe("");
    expect(ok.code).toBe(0);
    // The generated types are not `any`: a coverage outside the enum is a type error.
    const bad = await run(bin("tsc"), [...tscArgs, "--target", "es2022", "misuse.ts"]);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain("everything");
  }, 120_000);

  it("serves the interactive reference at /api/v1/docs pointing at the document", async () => {
    const res = await fetch(`${baseUrl}/api/v1/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("/api/v1/openapi.json");
  });
});
