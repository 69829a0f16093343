import { exports } from "cloudflare:workers";
import type { TestKey } from "../helpers/api-keys";

let rpcId = 0;

/**
 * One stateless MCP `tools/call` to /mcp as an API-key client sends it; the tool's
 * structured result (the v1 operation's body), or throws with the tool's error text.
 */
export async function callTool<T>(key: TestKey, name: string, args: Record<string, unknown>): Promise<T> {
  rpcId += 1;
  const res = await exports.default.fetch("http://localhost:8787/mcp", {
    method: "POST",
    headers: {
      ...key.headers,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
      // workerd's fetch sends no Host of its own; the DNS-rebinding guard wants a loopback name.
      Host: "localhost:8787",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method: "tools/call", params: { name, arguments: args } }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`MCP ${name}: HTTP ${res.status}: ${body}`);
  const { result } = JSON.parse(body) as {
    result: { isError?: boolean; structuredContent: T; content: { text: string }[] };
  };
  if (result.isError) throw new Error(`MCP ${name}: ${result.content[0]?.text}`);
  return result.structuredContent;
}
