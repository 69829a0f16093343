import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

export interface LocalServer {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real `npm start` entry (scripts/start.mjs) on a free port with its own
 * state directory, and waits until the base URL answers.
 */
export async function startLocalServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
  timeoutMs = 120_000,
): Promise<LocalServer> {
  const port = await freePort();
  // A function gets the port first, e.g. to map a host name to the server itself.
  const extraEnv = typeof env === "function" ? env(port) : env;
  const state = mkdtempSync(path.join(tmpdir(), "agent-readiness-e2e-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    // CLIENT_ADDRESS_FROM_HEADER: tests and benches send CF-Connecting-IP to stand in for
    // many networks, which a plain `npm start` ignores (scripts/start.mjs).
    env: { ...process.env, PORT: String(port), PERSIST_TO: state, CLIENT_ADDRESS_FROM_HEADER: "1", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    rmSync(state, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
      if (res.ok) return { baseUrl, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`local server did not start within ${timeoutMs} ms:\n${output}`);
}
