import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, inject, it } from "vitest";
import { INITIALIZE, rawRequest } from "./mcp-helpers";
import { adminKey } from "./workspace-seed";

// What third-party clients see at /mcp on the real local server: tool errors that the
// TypeScript SDK 1.x client (which validates structuredContent against the output schema)
// and the 2.x client both read, capabilities that promise only what is sent, JSON for a
// client that accepts only JSON, and the DNS-rebinding guard under the default config
// (PUBLIC_BASE_URL empty: loopback names only).

const baseUrl = inject("baseUrl");
const mcpUrl = new URL(`${baseUrl}/mcp`);

type AnyClient = {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};
const open: AnyClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connectV1(key: string) {
  const client = new ClientV1({ name: "e2e-sdk-1x", version: "1.0.0" });
  await client.connect(new TransportV1(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  open.push(client);
  return client;
}

async function connectV2(key: string) {
  const client = new Client({ name: "e2e-sdk-2x", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  open.push(client);
  return client;
}

/** The refusal as a model reads it: the tool error's one text block, the v1 error body as JSON. */
function asRefusal(callResult: unknown, name: string) {
  const result = callResult as {
    isError?: boolean;
    structuredContent?: unknown;
    content: { type: string; text: string }[];
  };
  expect(result.isError, name).toBe(true);
  expect(result.structuredContent, name).toBeUndefined();
  expect(result.content).toHaveLength(1);
  return JSON.parse(result.content[0].text) as Record<string, unknown>;
}

/** Calls the tool and reads its refusal. */
async function refusal(client: AnyClient, name: string, args: Record<string, unknown> = {}) {
  return asRefusal(await client.callTool({ name, arguments: args }), name);
}

describe("tool errors every client reads", () => {
  for (const [sdk, connect] of [
    ["SDK 1.x (@modelcontextprotocol/sdk)", connectV1],
    ["SDK 2.x (@modelcontextprotocol/client)", connectV2],
  ] as const) {
    it(`${sdk}: insufficient_scope, site_not_found and rate_limited reach the caller as text`, async () => {
      const { key } = await adminKey(baseUrl, `mcp-errors-${sdk.slice(4, 7)}`, "--preset", "provisioning");
      const client = await connect(key);
      expect(await refusal(client, "list_conversions")).toMatchObject({ code: "insufficient_scope", status: 403 });
      expect(await refusal(client, "traffic_overview", { domain: "not-registered.example" })).toMatchObject({
        code: "site_not_found",
        status: 404,
      });
      // The reads class allows 120 per key and minute (shared/rate-limit/api-limits.ts):
      // spend them on the v1 route until it answers 429, then the tool's call is over the
      // limit too. Fixed minute windows: a burst that straddles a turn (its two halves each
      // under 120) or a window that turns before the tool's call is spent again, up to 3
      // times; the tool's one call is read as it came (a second call could fall in a new
      // window).
      let limited: Record<string, unknown> = {};
      const bursts: number[][] = [];
      for (let attempt = 0; attempt < 3 && limited.code !== "rate_limited"; attempt++) {
        // One concurrent burst: sequential calls on a loaded machine can straddle a window.
        const statuses = await Promise.all(
          Array.from({ length: 130 }, () =>
            fetch(`${baseUrl}/api/v1/whoami`, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status),
          ),
        );
        bursts.push(statuses);
        if (!statuses.includes(429)) continue;
        const result = await client.callTool({ name: "whoami", arguments: {} });
        if ((result as { isError?: boolean }).isError) limited = asRefusal(result, "whoami");
      }
      // Every answer of every burst was a 200 or a 429, nothing else.
      expect(new Set(bursts.flat())).toEqual(new Set([200, 429]));
      expect(limited).toMatchObject({ code: "rate_limited", status: 429 });
      expect(limited.retry_after_seconds).toBeGreaterThan(0);
    });
  }

  it("SDK 1.x: a successful call still returns structuredContent that matches the output schema", async () => {
    const created = await adminKey(baseUrl, "mcp-ok-1x", "--preset", "read-only");
    const client = await connectV1(created.key);
    const result = await client.callTool({ name: "whoami", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ key_id: created.key_id, workspace_id: created.workspace_id });
  });
});

describe("transport and capabilities", () => {
  it("does not advertise tools.listChanged, which this stateless server never sends", async () => {
    const { key } = await adminKey(baseUrl, "mcp-caps", "--preset", "read-only");
    const client = await connectV1(key);
    expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
  });

  it("answers a client that accepts only application/json with JSON, not 406", async () => {
    const { key } = await adminKey(baseUrl, "mcp-accept", "--preset", "read-only");
    const res = await fetch(mcpUrl, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: INITIALIZE,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { result: { protocolVersion: string; serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe("agent-readiness");
    // One that accepts neither JSON nor SSE still gets the SDK's 406.
    const refused = await fetch(mcpUrl, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "text/html" },
      body: INITIALIZE,
    });
    expect(refused.status).toBe(406);
  });
});

describe("DNS-rebinding guard with the default configuration (PUBLIC_BASE_URL empty)", () => {
  it("refuses another Host name even with a valid key, before the key is read", async () => {
    const { key } = await adminKey(baseUrl, "mcp-host", "--preset", "read-only");
    const variants: Record<string, string>[] = [
      { Host: "evil.example.com", Origin: "http://evil.example.com" },
      { Host: "evil.example.com" },
      { Host: `evil.example.com:${mcpUrl.port}` },
    ];
    for (const headers of variants) {
      const res = await rawRequest(mcpUrl.href, {
        method: "POST",
        headers: {
          ...headers,
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: INITIALIZE,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: "host_not_allowed" });
      expect(res.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("refuses a loopback Host with a foreign Origin, and serves loopback names", async () => {
    const { key } = await adminKey(baseUrl, "mcp-loopback", "--preset", "read-only");
    const send = (headers: Record<string, string>) =>
      rawRequest(mcpUrl.href, {
        method: "POST",
        headers: {
          ...headers,
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: INITIALIZE,
      });
    const foreign = await send({ Host: mcpUrl.host, Origin: "http://evil.example.com" });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ code: "origin_not_allowed" });
    for (const host of [mcpUrl.host, `localhost:${mcpUrl.port}`]) {
      const ok = await send({ Host: host, Origin: `http://${host}` });
      expect(ok.status, host).toBe(200);
    }
  });

  it("holds on the OAuth endpoints too: metadata for another Host is refused", async () => {
    const res = await rawRequest(`${baseUrl}/.well-known/oauth-authorization-server`, {
      method: "GET",
      headers: { Host: "evil.example.com" },
    });
    expect(res.status).toBe(403);
  });
});
