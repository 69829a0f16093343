import { describe, expect, it } from "vitest";
import type { JourneyClient, JourneyRequest, JourneyResponse } from "../../../shared/scan/journey/journey-client";
import { McpSession } from "../../../shared/scan/journey/mcp-client";

// McpSession.connect sends server/discover and initialize together (MCP 2026-07-28
// "Versioning": a client may send any request before server/discover, and a dual-era
// server serves both eras at once) and reads the era from server/discover alone; in the
// 2025 era, tools/list waits for the notification's 202 (2025-06-18 "Lifecycle").

const ENDPOINT = "https://shop.test/mcp";

interface Sent {
  method: string;
  headers: Record<string, string>;
  /** When the answer was released, in the order answers went out. */
  answered?: number;
}

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

/** The journey client's answer to `url` for the fixture's answer `a`. */
function responseOf(url: string, a: Answer): JourneyResponse {
  return {
    url,
    finalUrl: url,
    status: a.status,
    firstStatus: a.status,
    headers: { "content-type": "application/json", ...a.headers },
    body: a.body === undefined ? "" : JSON.stringify(a.body),
    challenge: null,
    refused: null,
    sentCookie: false,
  };
}

/**
 * A client whose answers are released by hand, so a test decides which arrives first;
 * `server` answers each JSON-RPC message by its method.
 */
function fakeClient(server: (method: string, id: unknown) => Answer) {
  const sent: Sent[] = [];
  const waiting: Array<() => void> = [];
  let released = 0;
  const client = {
    request(url: string, req: JourneyRequest): Promise<JourneyResponse> {
      const msg = JSON.parse(req.body ?? "{}") as { method: string; id?: unknown };
      const entry: Sent = { method: msg.method, headers: req.headers ?? {} };
      sent.push(entry);
      const a = server(msg.method, msg.id);
      return new Promise((resolve) => {
        waiting.push(() => {
          entry.answered = released++;
          resolve(responseOf(url, a));
        });
      });
    },
  } as unknown as JourneyClient;
  /** How many requests were sent when the first answer went out. */
  let sentAtFirstAnswer = 0;
  /** Answers the waiting requests one at a time (the last sent first, or the first), until none is left. */
  const drain = async (order: "last-first" | "first-first" = "last-first") => {
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 0));
      const next = order === "last-first" ? waiting.pop() : waiting.shift();
      if (!next) continue;
      if (released === 0) sentAtFirstAnswer = sent.length;
      next();
    }
  };
  return { client, sent, drain, sentAtFirstAnswer: () => sentAtFirstAnswer };
}

const rpc = (id: unknown, result: unknown) => ({ status: 200, body: { jsonrpc: "2.0", id, result } });
const rpcError = (id: unknown, code: number, status: number) => ({
  status,
  body: { jsonrpc: "2.0", id, error: { code, message: "no" } },
});
const TOOLS = { tools: [{ name: "search_catalog", inputSchema: { type: "object" } }] };

/** A 2025 server: no server/discover, a session `s1` at initialize, the notification accepted. */
const server2025 = (method: string, id: unknown): Answer => {
  if (method === "server/discover") return rpcError(id, -32601, 400);
  if (method === "initialize")
    return { ...rpc(id, { protocolVersion: "2025-06-18", capabilities: {} }), headers: { "mcp-session-id": "s1" } };
  if (method === "notifications/initialized") return { status: 202 };
  return rpc(id, TOOLS);
};

describe("McpSession.connect: server/discover and initialize together", () => {
  it("a 2025 server: opens the session initialize gave, and asks tools/list only after the notification was accepted", async () => {
    const { client, sent, drain, sentAtFirstAnswer } = fakeClient(server2025);
    const session = new McpSession(client, ENDPOINT);
    const opened = session.connect();
    await drain();
    const init = await opened;
    const listed = session.listTools();
    await drain();
    const { tools } = await listed;

    expect(init.error).toBeNull();
    expect(session.era).toBe("2025 handshake");
    expect(session.serverVersions).toEqual(["2025-06-18"]);
    expect(tools).toEqual(["search_catalog"]);
    expect(sent.map((s) => s.method)).toEqual([
      "server/discover",
      "initialize",
      "notifications/initialized",
      "tools/list",
    ]);
    // Both openings were on the wire before either answered.
    expect(sentAtFirstAnswer()).toBe(2);
    const notification = sent[2];
    const list = sent[3];
    expect(list.answered).toBeGreaterThan(notification.answered as number);
    expect(list.headers).toMatchObject({ "Mcp-Session-Id": "s1", "MCP-Protocol-Version": "2025-06-18" });
  });

  it("a dual-era server: speaks 2026-07-28 when server/discover lists it, and never uses the session initialize opened", async () => {
    const { client, sent, drain } = fakeClient((method, id) => {
      if (method === "server/discover")
        return rpc(id, { supportedVersions: ["2026-07-28", "2025-06-18"], capabilities: { tools: {} } });
      if (method === "initialize")
        return { ...rpc(id, { protocolVersion: "2025-06-18", capabilities: {} }), headers: { "mcp-session-id": "s9" } };
      return rpc(id, TOOLS);
    });
    const session = new McpSession(client, ENDPOINT);
    const opened = session.connect();
    await drain();
    await opened;
    const listed = session.listTools();
    await drain();
    await listed;

    expect(session.era).toBe("2026-07-28");
    expect(session.serverVersions).toEqual(["2026-07-28", "2025-06-18"]);
    // No notification: the 2025 session is not the one spoken in.
    expect(sent.map((s) => s.method)).toEqual(["server/discover", "initialize", "tools/list"]);
    expect(sent[2].headers).toMatchObject({ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list" });
    expect(sent[2].headers["Mcp-Session-Id"]).toBeUndefined();
  });

  it("a 2026-only server that rejects initialize is still a 2026 server, whichever answer comes first", async () => {
    for (const order of ["last-first", "first-first"] as const) {
      const { client, sent, drain } = fakeClient((method, id) => {
        if (method === "server/discover") return rpc(id, { supportedVersions: ["2026-07-28"], capabilities: {} });
        if (method === "initialize") return rpcError(id, -32600, 400);
        return rpc(id, TOOLS);
      });
      const session = new McpSession(client, ENDPOINT);
      const opened = session.connect();
      await drain(order);
      const answer = await opened;
      expect(answer.error).toBeNull();
      expect(answer.result).toMatchObject({ supportedVersions: ["2026-07-28"] });
      expect(session.era).toBe("2026-07-28");
      expect(sent.map((s) => s.method)).toEqual(["server/discover", "initialize"]);
    }
  });
});

describe("McpSession.close: the sessions a server opened are ended (2025-06-18, Session Management)", () => {
  /** A client that answers at once and records each request's method and session header. */
  function recordingClient(server: (method: string, id: unknown) => Answer) {
    const sent: Array<{ http: string; rpc: string | undefined; session: string | undefined }> = [];
    const client = {
      async request(url: string, req: JourneyRequest): Promise<JourneyResponse> {
        const msg = req.body ? (JSON.parse(req.body) as { method: string; id?: unknown }) : null;
        sent.push({ http: req.method ?? "GET", rpc: msg?.method, session: req.headers?.["Mcp-Session-Id"] });
        const a: Answer = msg ? server(msg.method, msg.id) : { status: 204 };
        return responseOf(url, a);
      },
    } as unknown as JourneyClient;
    return { client, sent };
  }
  const deletes = (sent: Array<{ http: string; session: string | undefined }>) =>
    sent.filter((s) => s.http === "DELETE").map((s) => s.session);

  it("a 2025 session: one DELETE with its Mcp-Session-Id, once however often close is called", async () => {
    const { client, sent } = recordingClient(server2025);
    const session = new McpSession(client, ENDPOINT);
    await session.connect();
    await session.listTools();
    await session.close();
    await session.close();
    expect(deletes(sent)).toEqual(["s1"]);
    expect(sent.at(-1)?.http).toBe("DELETE");
  });

  it("a dual-era server spoken to statelessly: the session its initialize opened is ended too", async () => {
    const { client, sent } = recordingClient((method, id) => {
      if (method === "server/discover") return rpc(id, { supportedVersions: ["2026-07-28", "2025-06-18"] });
      if (method === "initialize")
        return { ...rpc(id, { protocolVersion: "2025-06-18", capabilities: {} }), headers: { "mcp-session-id": "s2" } };
      return rpc(id, TOOLS);
    });
    const session = new McpSession(client, ENDPOINT);
    await session.connect();
    expect(session.era).toBe("2026-07-28");
    await session.close();
    expect(deletes(sent)).toEqual(["s2"]);
  });

  it("a 2026-only server (no session given): nothing to end", async () => {
    const { client, sent } = recordingClient((method, id) => {
      if (method === "server/discover") return rpc(id, { supportedVersions: ["2026-07-28"] });
      if (method === "initialize") return rpcError(id, -32600, 400);
      return rpc(id, TOOLS);
    });
    const session = new McpSession(client, ENDPOINT);
    await session.connect();
    await session.close();
    expect(deletes(sent)).toEqual([]);
  });
});
