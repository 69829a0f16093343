import type { JourneyClient, JourneyResponse } from "./journey-client";
import type { McpEra } from "./types";

// A minimal MCP client over Streamable HTTP, in both eras of the protocol (issue 45):
// - 2026-07-28 (modelcontextprotocol.io/specification/2026-07-28, changelog and
//   server/discover): stateless. No handshake and no Mcp-Session-Id; every request
//   carries its protocol version and client capabilities in `params._meta`
//   (`io.modelcontextprotocol/protocolVersion`, `.../clientCapabilities`, `.../clientInfo`)
//   and the `MCP-Protocol-Version`, `Mcp-Method` (and for a named call `Mcp-Name`) HTTP
//   headers; `server/discover` answers `supportedVersions`, `capabilities` and the server's
//   info. Clients try `server/discover` first and fall back to `initialize`.
// - 2025 (specification 2025-06-18, "Transports" and "Lifecycle"): `initialize`, the
//   `notifications/initialized` notification, then requests with the `Mcp-Session-Id` the
//   server gave and `MCP-Protocol-Version`.
// Each JSON-RPC message is POSTed with `Accept: application/json, text/event-stream`; the
// server answers one JSON object or an SSE stream whose `data:` lines carry the response.

export const MCP_PROTOCOL_VERSION = "2025-06-18";
export const MCP_STATELESS_VERSION = "2026-07-28" satisfies McpEra;

const CLIENT_INFO = { name: "AgentReadinessScanner", version: "1.0" };

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
  /** Sessions a dual-era server opened at initialize that the stateless era left unused: ended by `close()`. */
  private unused: string[] = [];
  private initialised = false;
  /** Set by `connect()`: the era the endpoint answered in. */
  era: McpEra | null = null;
  /** What the endpoint said it speaks: server/discover's supportedVersions, or initialize's protocolVersion. */
  serverVersions: string[] = [];

  constructor(
    private readonly client: JourneyClient,
    readonly endpoint: string,
    /** Off the cart's path (an advertised endpoint the cart does not use). */
    private readonly side = false,
  ) {}

  private stateless(): boolean {
    return this.era === MCP_STATELESS_VERSION;
  }

  /** Whether `method` goes as a 2026-07-28 stateless request: every request of that era, and server/discover always. */
  private statelessRequest(method: string): boolean {
    return this.stateless() || method === "server/discover";
  }

  private headers(method: string, name?: string): Record<string, string> {
    const h: Record<string, string> = { "Content-Type": "application/json" };
    if (this.statelessRequest(method)) {
      h["MCP-Protocol-Version"] = MCP_STATELESS_VERSION;
      h["Mcp-Method"] = method;
      if (name) h["Mcp-Name"] = name;
      return h;
    }
    if (this.initialised) h["MCP-Protocol-Version"] = MCP_PROTOCOL_VERSION;
    if (this.sessionId) h["Mcp-Session-Id"] = this.sessionId;
    return h;
  }

  async call(method: string, params: Record<string, unknown>, mutation = false): Promise<McpAnswer> {
    const id = this.nextId++;
    // A stateless request says who it is and what it speaks in its own _meta.
    const body = this.statelessRequest(method)
      ? {
          ...params,
          _meta: {
            ...((params._meta as Record<string, unknown> | undefined) ?? {}),
            "io.modelcontextprotocol/protocolVersion": MCP_STATELESS_VERSION,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
          },
        }
      : params;
    const name = method === "tools/call" && typeof params.name === "string" ? params.name : undefined;
    const response = await this.client.request(this.endpoint, {
      method: "POST",
      accept: "application/json, text/event-stream",
      headers: this.headers(method, name),
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params: body }),
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

  /**
   * Opens the conversation the way a dual-era client does, with both openings on the wire
   * at once: `server/discover` (2026-07-28) and `initialize` (the 2025 handshake). The era
   * is read from server/discover alone: a server that lists 2026-07-28 there is spoken to
   * statelessly and its answer to initialize (a rejection from a 2026-only server, an
   * unused session from a dual-era one) is dropped; otherwise initialize's answer opens
   * the 2025 session, and `notifications/initialized` is accepted before anything else
   * is asked. Each answer is matched to its own request (one POST each, JSON-RPC ids
   * apart), so neither can be taken for the other. Why the two may go together: MCP
   * 2026-07-28 "Versioning" lets a client invoke any request without calling
   * server/discover first, detects the era from the modern request's answer, and lets a
   * dual-era server serve both eras concurrently on one endpoint; 2025-06-18 "Lifecycle"
   * asks only that nothing but pings precede initialize's answer, which holds for the
   * session initialize opens. Nothing is retried after a refusal or a challenge.
   */
  async connect(): Promise<McpAnswer> {
    const [discovered, init] = await Promise.all([
      this.call("server/discover", {}),
      this.call("initialize", { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO }),
    ]);
    const versions = discovered.result?.supportedVersions;
    if (!discovered.error && Array.isArray(versions) && versions.includes(MCP_STATELESS_VERSION)) {
      this.era = MCP_STATELESS_VERSION;
      const opened = init.error ? undefined : init.response.headers["mcp-session-id"];
      if (opened) this.unused.push(opened);
      this.serverVersions = versions.filter((v): v is string => typeof v === "string");
      return discovered;
    }
    if (discovered.response.refused || discovered.response.challenge) return discovered;
    if (!init.error) {
      await this.initialized(init);
      this.era = "2025 handshake";
    }
    return init;
  }

  /**
   * The 2025 session initialize opened, then `notifications/initialized`, whose 202 is
   * awaited: over Streamable HTTP each message is its own POST, so a request sent beside
   * it could reach the server first, and servers that refuse requests before the
   * notification (the Python SDK's session does) would then fail it.
   */
  private async initialized(answer: McpAnswer): Promise<void> {
    this.sessionId = answer.response.headers["mcp-session-id"] ?? null;
    this.initialised = true;
    const v = answer.result?.protocolVersion;
    this.serverVersions = typeof v === "string" ? [v] : [];
    // A notification has no id and gets 202 Accepted; its answer is not read.
    await this.client.request(this.endpoint, {
      method: "POST",
      accept: "application/json, text/event-stream",
      headers: this.headers("notifications/initialized"),
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      side: this.side,
    });
  }

  /**
   * Ends the sessions this client was given: MCP 2025-06-18 "Session Management" asks a
   * client that no longer needs a session to send HTTP DELETE with its `Mcp-Session-Id`
   * (a server may answer 405: it does not let clients end sessions). A stateless
   * (2026-07-28) conversation has no session; a dual-era server may still have opened one
   * at initialize. The answers are not read, and each session is ended once.
   */
  async close(): Promise<void> {
    const ids = [...this.unused, ...(this.sessionId ? [this.sessionId] : [])];
    this.unused = [];
    this.sessionId = null;
    for (const id of ids) {
      await this.client.request(this.endpoint, {
        method: "DELETE",
        accept: "application/json, text/event-stream",
        headers: { "Mcp-Session-Id": id, "MCP-Protocol-Version": MCP_PROTOCOL_VERSION },
        side: this.side,
      });
    }
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
