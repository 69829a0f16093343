import type { JourneyClient, JourneyResponse } from "./journey-client";

// A minimal MCP client over Streamable HTTP (modelcontextprotocol.io, specification
// 2025-06-18, "Transports"): each JSON-RPC message is POSTed to the one endpoint with
// `Accept: application/json, text/event-stream`; the server answers either one JSON
// object or an SSE stream whose `data:` lines carry the response; a session id given in
// `Mcp-Session-Id` at initialisation goes with every later request; the client sends
// `notifications/initialized` after `initialize`.

export const MCP_PROTOCOL_VERSION = "2025-06-18";

export interface McpAnswer {
  result: Record<string, unknown> | null;
  error: string | null;
  answeredAs: "json" | "sse" | null;
  response: JourneyResponse;
}

/** The JSON-RPC message with `id` from a JSON or SSE body. */
export function readRpc(
  res: JourneyResponse,
  id: number,
): { message: Record<string, unknown> | null; as: "json" | "sse" | null } {
  const type = res.headers["content-type"] ?? "";
  const candidates: unknown[] = [];
  let as: "json" | "sse" | null = null;
  if (type.includes("text/event-stream")) {
    as = "sse";
    for (const block of res.body.split(/\r?\n\r?\n/)) {
      const data = block
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      try {
        candidates.push(JSON.parse(data));
      } catch {
        // Not JSON: another event on the stream.
      }
    }
  } else {
    try {
      candidates.push(JSON.parse(res.body));
      as = "json";
    } catch {
      return { message: null, as: null };
    }
  }
  const flat = candidates.flatMap((c) => (Array.isArray(c) ? c : [c])) as Array<Record<string, unknown>>;
  return { message: flat.find((m) => m && typeof m === "object" && m.id === id) ?? null, as };
}

export class McpSession {
  private nextId = 1;
  private sessionId: string | null = null;
  private initialised = false;

  constructor(
    private readonly client: JourneyClient,
    readonly endpoint: string,
    /** Off the cart's path (an advertised endpoint the cart does not use). */
    private readonly side = false,
  ) {}

  private headers(): Record<string, string> {
    const h: Record<string, string> = { "Content-Type": "application/json" };
    if (this.initialised) h["MCP-Protocol-Version"] = MCP_PROTOCOL_VERSION;
    if (this.sessionId) h["Mcp-Session-Id"] = this.sessionId;
    return h;
  }

  async call(method: string, params: Record<string, unknown>, mutation = false): Promise<McpAnswer> {
    const id = this.nextId++;
    const response = await this.client.request(this.endpoint, {
      method: "POST",
      accept: "application/json, text/event-stream",
      headers: this.headers(),
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      mutation,
      side: this.side,
    });
    if (response.refused) return { result: null, error: response.refused.reason, answeredAs: null, response };
    if (response.challenge)
      return { result: null, error: `${response.challenge} challenge`, answeredAs: null, response };
    if (response.status < 200 || response.status >= 300) {
      return {
        result: null,
        error: `HTTP ${response.status || response.refused || "no answer"}`,
        answeredAs: null,
        response,
      };
    }
    const { message, as } = readRpc(response, id);
    if (!message) return { result: null, error: "no JSON-RPC answer in the response", answeredAs: as, response };
    const err = message.error as { message?: string; code?: number } | undefined;
    if (err)
      return {
        result: null,
        error: `JSON-RPC error ${err.code ?? ""}: ${err.message ?? ""}`.trim(),
        answeredAs: as,
        response,
      };
    return { result: (message.result as Record<string, unknown>) ?? {}, error: null, answeredAs: as, response };
  }

  async initialize(): Promise<McpAnswer> {
    const answer = await this.call("initialize", {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "AgentReadinessScanner", version: "1.0" },
    });
    if (!answer.error) {
      this.sessionId = answer.response.headers["mcp-session-id"] ?? null;
      this.initialised = true;
      // A notification has no id and gets 202 Accepted; its answer is not read.
      await this.client.request(this.endpoint, {
        method: "POST",
        accept: "application/json, text/event-stream",
        headers: this.headers(),
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
        side: this.side,
      });
    }
    return answer;
  }

  async listTools(): Promise<{ tools: string[] | null; answer: McpAnswer }> {
    const answer = await this.call("tools/list", {});
    const list = answer.result?.tools;
    const tools = Array.isArray(list)
      ? list
          .map((t) => (t && typeof t === "object" ? String((t as { name?: unknown }).name ?? "") : ""))
          .filter(Boolean)
      : null;
    return { tools, answer };
  }
}

/** The structured payload of a `tools/call` result: `structuredContent`, else JSON in the first text content. */
export function toolPayload(result: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!result) return null;
  if (result.isError === true) return null;
  const structured = result.structuredContent;
  if (structured && typeof structured === "object") return structured as Record<string, unknown>;
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  for (const c of content) {
    if (c.type !== "text" || !c.text) continue;
    try {
      const parsed = JSON.parse(c.text);
      if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
    } catch {
      // Plain prose, not a payload.
    }
  }
  return null;
}
