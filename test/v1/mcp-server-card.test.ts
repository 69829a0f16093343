import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readServerCard } from "../../shared/scan/checks/integration/mcp-catalog";
import type { Fetched } from "../../shared/scan/types";
import { createTestKey } from "../helpers/api-keys";

// GET /mcp/server-card (SEP-2127) is built from the MCP server itself: the tools it lists
// are the tools `tools/list` answers to a caller with a key, field for field.

const BASE = "http://localhost";

async function toolsList(key: string) {
  const res = await exports.default.fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      // workerd's fetch sends no Host of its own; the rebinding guard reads it.
      Host: "localhost",
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: {} }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: { tools: Array<{ name: string }> } }).result.tools;
}

describe("the MCP server card", () => {
  it("lists exactly the tools tools/list answers, with the card's media type, CORS and a public cache lifetime", async () => {
    const res = await exports.default.fetch(`${BASE}/mcp/server-card`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/mcp-server-card+json");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const card = (await res.json()) as { tools: Array<{ name: string }>; [k: string]: unknown };
    const k = await createTestKey(env, { workspace: "server-card", scopes: ["traffic:read"] });
    expect(card.tools).toEqual(await toolsList(k.key));
    expect(card.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["whoami", "scan_domain", "get_scan"]));
    expect(card).toMatchObject({
      name: "localhost/agent-readiness",
      version: "1.0.0",
      remotes: [{ type: "streamable-http", url: `${BASE}/mcp`, authentication: { required: true } }],
      capabilities: { tools: { listChanged: false } },
      _meta: {
        "io.agent-readiness/oauth": {
          protectedResourceMetadata: `${BASE}/.well-known/oauth-protected-resource/mcp`,
          authorizationServerMetadata: `${BASE}/.well-known/oauth-authorization-server`,
        },
      },
    });
  });

  it("is a card the scanner reads without an error finding", async () => {
    const res = await exports.default.fetch(`${BASE}/mcp/server-card`);
    const body = await res.text();
    const f = {
      url: `${BASE}/mcp/server-card`,
      finalUrl: `${BASE}/mcp/server-card`,
      status: res.status,
      contentType: res.headers.get("Content-Type") ?? "",
      headers: Object.fromEntries(res.headers),
      body,
    } as Fetched;
    const read = readServerCard(f);
    expect(read.endpoint).toBe(`${BASE}/mcp`);
    expect(read.findings.filter((x) => x.severity === "error")).toEqual([]);
  });
});
