import { execFile } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "../..");
const exec = promisify(execFile);

export interface CreatedKey {
  workspace_id: string;
  key_id: string;
  key: string;
  scopes: string[];
}

/** A workspace API key from the local admin command (`npm run admin -- create-key`). */
export async function createKey(baseUrl: string, workspace: string, ...flags: string[]): Promise<CreatedKey> {
  const { stdout } = await exec(
    "npm",
    ["run", "--silent", "admin", "--", "create-key", "--workspace", workspace, ...flags],
    { cwd: root, env: { ...process.env, BASE_URL: baseUrl } },
  );
  return JSON.parse(stdout.trim()) as CreatedKey;
}

/**
 * A raw HTTP request with headers fetch() will not send as given (Host), for the
 * DNS-rebinding checks.
 */
export function rawRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A JSON-RPC `initialize` of a 2025-11-25 client. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "e2e", version: "1.0.0" } },
});
