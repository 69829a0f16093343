import { exports } from "cloudflare:workers";
import type { TestKey } from "../helpers/api-keys";

let rpcId = 0;

/**
 * One stateless JSON-RPC request to /mcp as an API-key client sends it (`tools/call`,
 * `tools/list`): the JSON-RPC `result`, or throws with the body when the answer is not 200.
 */
export async function mcpRpc(
  key: TestKey,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
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
    body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method, params }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`MCP ${method}: HTTP ${res.status}: ${body}`);
  return (JSON.parse(body) as { result: Record<string, unknown> }).result;
}

/** A tool's answer either way: its structured result, or the v1 error body its error text carries. */
export async function mcpTool(
  key: TestKey,
  name: string,
  args: Record<string, unknown>,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const result = await mcpRpc(key, "tools/call", { name, arguments: args });
  if (result.isError !== true) return { ok: true, body: result.structuredContent as Record<string, unknown> };
  const [first] = result.content as { text: string }[];
  return { ok: false, body: JSON.parse(first.text) as Record<string, unknown> };
}

/**
 * One stateless MCP `tools/call` to /mcp as an API-key client sends it; the tool's
 * structured result (the v1 operation's body), or throws with the tool's error text.
 */
export async function callTool<T>(key: TestKey, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await mcpRpc(key, "tools/call", { name, arguments: args })) as {
    isError?: boolean;
    structuredContent: T;
    content: { text: string }[];
  };
  if (result.isError) throw new Error(`MCP ${name}: ${result.content[0]?.text}`);
  return result.structuredContent;
}
