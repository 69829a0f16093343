import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminKey } from "./workspace-seed";

// The official MCP conformance suite (@modelcontextprotocol/conformance, a dev
// dependency) against the real local server, for the 2025-11-25 requirement set and the
// newest one this suite version knows ("draft"). Scenarios that do not apply to this
// server (it has tools only: no prompts, resources, logging, sampling or elicitation;
// stateless JSON, no SSE streams) are the committed baseline, each with its reason
// (test/e2e/mcp-conformance-baseline.yml). The suite's CLI exits non-zero on any other
// failure, and on a baseline entry that passes (a stale baseline).
//
// The suite connects without credentials, so it talks to /mcp through a small proxy
// that adds an API key when the request has no Authorization; Host and Origin pass
// through untouched, so the DNS-rebinding scenario tests the server's own guard.

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const cli = path.join(root, "test/e2e/node_modules/@modelcontextprotocol/conformance/dist/index.js");
const baseline = path.join(root, "test/e2e/mcp-conformance-baseline.yml");
const run = promisify(execFile);

let proxy: Server;
let proxyPort = 0;
let output: string;

function forward(key: string) {
  const target = new URL(baseUrl);
  return (incoming: IncomingMessage, res: import("node:http").ServerResponse) => {
    const headers = { ...incoming.headers };
    headers.authorization ??= `Bearer ${key}`;
    const upstream = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    incoming.pipe(upstream);
  };
}

beforeAll(async () => {
  const { key } = await adminKey(baseUrl, "mcp-conformance", "--preset", "full");
  proxy = createServer(forward(key));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPort = (proxy.address() as { port: number }).port;
  output = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  if (output) rmSync(output, { recursive: true, force: true });
});

async function conformance(selection: string[]) {
  const args = [cli, "server", "--url", `http://localhost:${proxyPort}/mcp`, ...selection];
  args.push("--expected-failures", baseline, "-o", path.join(output, selection.join("-")));
  try {
    const { stdout } = await run(process.execPath, args, { cwd: output, timeout: 240_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("MCP conformance suite against /mcp", () => {
  it("passes every applicable 2025-11-25 scenario, pending ones included (baseline: those that do not apply)", async () => {
    const result = await conformance(["--spec-version", "2025-11-25", "--suite", "all"]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/dns-rebinding-protection: 2 passed, 0 failed/);
    expect(result.stdout).toMatch(/server-initialize: \d+ passed, 0 failed/);
  }, 300_000);

  it("passes every applicable scenario of the newest set, draft (none for servers in this suite version)", async () => {
    const result = await conformance(["--spec-version", "draft", "--suite", "all"]);
    expect(result.code, result.stdout).toBe(0);
  }, 300_000);
});
