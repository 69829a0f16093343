import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, inject, it } from "vitest";
import { SCAN_TOOLS } from "../../workers/v1/mcp/scan-tool-declarations";
import { v1Tools } from "../../workers/v1/mcp/v1-tools";
import { adminKey } from "./workspace-seed";

// The MCP server at /mcp driven by the SDK's own client against the real local server
// (npm start), each tool's answer compared with the v1 route's answer to the same call.

const baseUrl = inject("baseUrl");

const createKey = (workspace: string, ...flags: string[]) => adminKey(baseUrl, workspace, ...flags);

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function v1(key: string, method: string, pathAndQuery: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
}

// A success carries the answer as structuredContent; a tool error carries the v1 error
// body as JSON text only (no structuredContent that the output schema would reject).
async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError !== true) return { isError: false, data: result.structuredContent as Record<string, unknown> };
  expect(result.structuredContent).toBeUndefined();
  const [first] = result.content as { type: string; text: string }[];
  // The SDK's own refusals (arguments outside the input schema) are plain sentences.
  const data = first.text.startsWith("{") ? (JSON.parse(first.text) as Record<string, unknown>) : { text: first.text };
  return { isError: true, data };
}

const ALL_SCOPES = "traffic:read,sites:write,conversions:read,conversions:write";

describe("MCP server at /mcp", () => {
  it("refuses a call without a key with 401 and a Bearer challenge", async () => {
    const res = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer /);
    expect(((await res.json()) as { code: string }).code).toBe("unauthorized");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("refuses a browser Origin other than the service's own (DNS rebinding guard)", async () => {
    const { key } = await createKey("mcp-origin", "--scopes", ALL_SCOPES);
    const res = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        Origin: "https://evil.example",
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(403);
  });

  it("serves a 2025-era client without sessions: initialize, then tools/call on a fresh request", async () => {
    const { key } = await createKey("mcp-legacy", "--scopes", ALL_SCOPES);
    const post = async (body: unknown) => {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
        },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      // JSON or a one-event SSE stream, as the transport chooses.
      const json = text.startsWith("{") ? text : (/^data: (.+)$/m.exec(text)?.[1] ?? "null");
      return { status: res.status, session: res.headers.get("mcp-session-id"), body: JSON.parse(json) };
    };
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    expect(init.status).toBe(200);
    expect(init.session).toBeNull();
    expect(init.body.result.serverInfo).toMatchObject({ name: "agent-readiness" });
    const call = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "whoami", arguments: {} } });
    expect(call.body.result.structuredContent).toEqual((await v1(key, "GET", "/api/v1/whoami")).body);
  });

  it("lists exactly the declared tools (every v1 tool and the two scan tools), each with input and output schemas and honest annotations", async () => {
    const { key } = await createKey("mcp-list", "--scopes", ALL_SCOPES);
    const client = await connect(key);
    const { tools } = await client.listTools();
    // The one declaration of the tool set: v1-tools.ts and scan-tool-declarations.ts.
    const declared = [...v1Tools, ...Object.values(SCAN_TOOLS)];
    expect(tools.map((t) => t.name).sort()).toEqual(declared.map((t) => t.name).sort());
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const d of declared) {
      const t = byName.get(d.name);
      expect(t?.description?.length, d.name).toBeGreaterThan(40);
      expect(t?.inputSchema.type, d.name).toBe("object");
      expect(t?.outputSchema?.type, d.name).toBe("object");
      // The hints served are the declared ones, titled as the tool is.
      expect(t?.annotations, d.name).toEqual({ title: d.title, ...d.annotations });
    }
    // Honest: each v1 tool's hints agree with the HTTP method of the operation it runs
    // (the OpenAPI document's): GET reads, PUT and DELETE repeat safely, DELETE destroys,
    // and none reaches beyond this service's own stores.
    const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const methodOf = new Map(
      Object.values(doc.paths).flatMap((item) => Object.entries(item).map(([method, op]) => [op.operationId, method])),
    );
    for (const v of v1Tools) {
      const method = methodOf.get(v.operationId);
      const hints = byName.get(v.name)?.annotations;
      expect(method, v.name).toBeDefined();
      expect(hints?.readOnlyHint, v.name).toBe(method === "get");
      expect(hints?.openWorldHint, v.name).toBe(false);
      if (method === "get" || method === "put" || method === "delete") expect(hints?.idempotentHint, v.name).toBe(true);
      if (method === "get") expect(hints?.destructiveHint, v.name).not.toBe(true);
      if (method === "delete") expect(hints?.destructiveHint, v.name).toBe(true);
    }
    // The scan tools: scan_domain fetches a shop's site now (open world, a new scan each
    // time); get_scan only reads.
    expect(byName.get("scan_domain")?.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(byName.get("get_scan")?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    // The tool's input is the route's own schema: the report window and the conversion item.
    expect(Object.keys(byName.get("traffic_overview")?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["domain", "period", "from", "to"]),
    );
    expect(byName.get("record_conversions")?.inputSchema.required).toEqual(["conversions"]);
  });

  it("completes the integrator journey, each tool answering what the v1 route answers", async () => {
    const { key } = await createKey("mcp-journey", "--scopes", ALL_SCOPES);
    const client = await connect(key);

    const who = await tool(client, "whoami");
    expect(who).toEqual({ isError: false, data: (await v1(key, "GET", "/api/v1/whoami")).body });

    const registered = await tool(client, "register_site", { domain: "mcp-shop.example", name: "MCP shop" });
    expect(registered.isError).toBe(false);
    expect(registered.data.created).toBe(true);
    const again = await v1(key, "POST", "/api/v1/sites", { domain: "mcp-shop.example", name: "MCP shop" });
    expect(again.status).toBe(200);
    expect({ ...registered.data, created: false }).toEqual(again.body);

    expect(await tool(client, "list_sites")).toEqual({
      isError: false,
      data: (await v1(key, "GET", "/api/v1/sites")).body,
    });

    const install = await tool(client, "check_install", { domain: "mcp-shop.example" });
    expect(install.data.status).toBe("awaiting_first_event");
    expect(install).toEqual({
      isError: false,
      data: (await v1(key, "GET", "/api/v1/sites/check-install?domain=mcp-shop.example")).body,
    });

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() - 60_000).toISOString();
    expect(await tool(client, "traffic_overview", { domain: "mcp-shop.example", from, to })).toEqual({
      isError: false,
      data: (
        await v1(
          key,
          "GET",
          `/api/v1/traffic/overview?domain=mcp-shop.example&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        )
      ).body,
    });

    // The other reports over the same fixed window; failing sessions over its period.
    const window = `domain=mcp-shop.example&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    for (const [name, path] of [
      ["traffic_purpose_split", "purpose-split"],
      ["traffic_sources", "sources"],
      ["traffic_verification", "verification"],
    ] as const) {
      expect(await tool(client, name, { domain: "mcp-shop.example", from, to }), name).toEqual({
        isError: false,
        data: (await v1(key, "GET", `/api/v1/traffic/${path}?${window}`)).body,
      });
    }
    const failing = await tool(client, "failing_sessions", { domain: "mcp-shop.example", period: "24h" });
    const failingDirect = (await v1(key, "GET", "/api/v1/traffic/failing-sessions?domain=mcp-shop.example&period=24h"))
      .body;
    // The window ends at "now", so its bounds (and the cursor that encodes them) differ.
    const moving = ({ period_start, period_end, next_cursor, ...rest }: Record<string, unknown>) => rest;
    expect(failing.isError).toBe(false);
    expect(moving(failing.data)).toEqual(moving(failingDirect ?? {}));
    expect(failing.data.results).toEqual([]);
    // Every session with filters, from the route's own query schema.
    const sessionsQuery = { domain: "mcp-shop.example", period: "24h", purpose: "user_action", tier: "verified" };
    const sessions = await tool(client, "list_sessions", sessionsQuery);
    const sessionsDirect = (
      await v1(key, "GET", `/api/v1/traffic/sessions?${new URLSearchParams(sessionsQuery).toString()}`)
    ).body;
    expect(sessions.isError).toBe(false);
    expect(moving(sessions.data)).toEqual(moving(sessionsDirect ?? {}));
    // A tier outside the route's enum is refused, not ignored.
    expect((await tool(client, "list_sessions", { domain: "mcp-shop.example", tier: "guessed" })).isError).toBe(true);
    expect(await tool(client, "session_journey", { session_id: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" })).toMatchObject(
      {
        isError: true,
        data: { code: "session_not_found", status: 404 },
      },
    );

    const conversions = [
      {
        external_id: "mcp-order-1",
        occurred_at: new Date(Date.now() - 60_000).toISOString(),
        value_minor: 4990,
        currency: "EUR",
        site: "mcp-shop.example",
        attribution: { click_ids: { oppref: "op_mcp" } },
      },
      { external_id: "mcp-order-2", occurred_at: new Date().toISOString(), value_minor: 12.5, currency: "EUR" },
    ];
    const recorded = await tool(client, "record_conversions", { conversions });
    expect(recorded.isError).toBe(false);
    expect(recorded.data).toMatchObject({ received: 2, accepted: 1, duplicate: 0, rejected: 1 });
    const results = recorded.data.results as { status: string; conversion_id?: string }[];
    expect(results.map((r) => r.status)).toEqual(["accepted", "rejected"]);
    // Re-posting through v1 answers from the same store: the accepted one is now a duplicate.
    const repost = await v1(key, "POST", "/api/v1/conversions", { conversions });
    expect(repost.body).toMatchObject({ received: 2, accepted: 0, duplicate: 1, rejected: 1 });
    const repostResults = (repost.body?.results ?? []) as { conversion_id?: string }[];
    expect(repostResults[0].conversion_id).toBe(results[0].conversion_id);
    expect(repostResults[1]).toEqual(results[1]);

    const listed = await tool(client, "list_conversions");
    expect(listed).toEqual({ isError: false, data: (await v1(key, "GET", "/api/v1/conversions")).body });
    expect((listed.data.results as { external_id: string }[]).map((r) => r.external_id)).toEqual(["mcp-order-1"]);

    // The report window ends at "now", so only the window bounds differ between the two calls.
    const attribution = await tool(client, "attribution_overview", { period: "30d" });
    const direct = (await v1(key, "GET", "/api/v1/attribution/overview?period=30d")).body ?? {};
    const withoutWindow = ({ period_start, period_end, ...rest }: Record<string, unknown>) => rest;
    expect(attribution.isError).toBe(false);
    expect(withoutWindow(attribution.data)).toEqual(withoutWindow(direct));
    expect(attribution.data.total_conversions).toBe(1);
    // The whole workspace has no one coverage (docs/reports.md "Coverage"); one site has.
    expect(attribution.data.data_coverage).toBeNull();
    const oneSite = await tool(client, "attribution_overview", { period: "30d", domain: "mcp-shop.example" });
    expect(oneSite.isError).toBe(false);
    expect(oneSite.data.total_conversions).toBe(1);
    expect((oneSite.data.data_coverage as { kind: string }).kind).toMatch(/^(snippet_only|drains|both|none)$/);
    expect(oneSite.data.data_coverage).toEqual(
      (await v1(key, "GET", "/api/v1/attribution/overview?period=30d&domain=mcp-shop.example")).body?.data_coverage,
    );

    expect(await tool(client, "void_conversion", { external_id: "mcp-order-1" })).toEqual({
      isError: false,
      data: { ok: true },
    });
    const afterVoid = await v1(key, "GET", "/api/v1/conversions?include_voided=true");
    expect(afterVoid.body?.results).toMatchObject([{ external_id: "mcp-order-1", voided: true }]);
    expect((await tool(client, "list_conversions", { include_voided: "false" })).data.results).toEqual([]);
  });

  it("answers a tool outside the key's scopes with a tool error carrying the v1 code", async () => {
    const { key } = await createKey("mcp-provisioning", "--preset", "provisioning");
    const client = await connect(key);
    const refused = await tool(client, "list_conversions");
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({ code: "insufficient_scope", status: 403 });
    const missing = await tool(client, "traffic_overview", { domain: "not-registered.example" });
    expect(missing.data).toMatchObject({ code: "site_not_found", status: 404 });
  });

  it("scans a shop with scan_domain and reads it back with get_scan, as the scan API answers", async () => {
    const { key } = await createKey("mcp-scan", "--preset", "provisioning");
    const client = await connect(key);
    const scanned = await tool(client, "scan_domain", { domain: "good-shop.test" });
    expect(scanned.isError).toBe(false);
    expect(scanned.data).toMatchObject({ domain: "good-shop.test", seenCount: expect.any(Number) });
    expect(scanned.data.checkResults).toHaveLength(41);
    const id = scanned.data.id as string;
    const direct = (await (await fetch(`${baseUrl}/api/scan/${id}`)).json()) as Record<string, unknown>;
    expect(scanned.data).toEqual(direct);
    expect(await tool(client, "get_scan", { id })).toEqual({ isError: false, data: direct });

    const unknown = await tool(client, "get_scan", { id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown).toMatchObject({ isError: true, data: { code: "not_found", status: 404 } });
    const bad = await tool(client, "scan_domain", { domain: "not a domain" });
    expect(bad).toMatchObject({ isError: true, data: { code: "invalid_domain", status: 400 } });
  });
});
