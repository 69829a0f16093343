import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import mcpGuide from "../../docs/mcp.md?raw";
import { SCAN_TOOLS } from "../../workers/v1/mcp/scan-tool-declarations";
import { v1Tools } from "../../workers/v1/mcp/v1-tools";
import { createTestKey, type TestKey } from "../helpers/api-keys";
import { mcpRpc as rpc, mcpTool as tool } from "./mcp-call";

// The MCP tools inside workerd: each tool call runs the v1 operation it mirrors, so it
// reaches the same use case (shared/sites, shared/conversions) and ends in the same
// outcome and error `code` as the route. The SDK-client journey against `npm start`
// stays in test/e2e/mcp-tools.test.ts.

const BASE = "http://localhost:8787";

interface Operation {
  operationId: string;
  description?: string;
}
type Document = { paths: Record<string, Record<string, Operation>> };

async function v1(k: TestKey, method: string, path: string, body?: unknown) {
  const res = await exports.default.fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
}

const key = (workspace: string, scopes: TestKey["scopes"]) => createTestKey(env, { workspace, scopes });

describe("MCP tool descriptions", () => {
  it("state the scope and rate limit of the v1 operation each tool mirrors, as the OpenAPI document does", async () => {
    const k = await key("mcp-describe", []);
    const doc = (await (await exports.default.fetch(`${BASE}/api/v1/openapi.json`)).json()) as Document;
    const ops = new Map(
      Object.values(doc.paths)
        .flatMap((item) => Object.values(item))
        .map((op) => [op.operationId, op]),
    );
    const { tools } = (await rpc(k, "tools/list", {})) as { tools: { name: string; description: string }[] };
    const access = /(Scope: `[^`]+`\.|Any valid API key\.) Rate limit: [^.]+\./g;
    for (const t of tools) {
      const operationId = v1Tools.find((v) => v.name === t.name)?.operationId;
      if (operationId === undefined) {
        // scan_domain, get_scan: the scan Worker's own limits, open to any key.
        expect(t.description, t.name).toMatch(/Any valid API key\.$/);
        continue;
      }
      const said = t.description.match(access) ?? [];
      // One sentence about access, never a second, hand-written one that could disagree.
      expect(said, t.name).toHaveLength(1);
      expect(t.description, t.name).not.toMatch(/Needs scope/);
      // The operation's description ends with the same sentences (v1Route appends them).
      expect(ops.get(operationId)?.description?.endsWith(said[0] ?? "-"), t.name).toBe(true);
    }
    expect(tools.map((t) => t.name).sort()).toEqual(
      [...v1Tools, ...Object.values(SCAN_TOOLS)].map((v) => v.name).sort(),
    );
  });
});

describe("docs/mcp.md", () => {
  it("tables exactly the tools with their operations and scopes, and names every other operation API-only", async () => {
    const doc = (await (await exports.default.fetch(`${BASE}/api/v1/openapi.json`)).json()) as Document;
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ ...op, call: `${method.toUpperCase()} ${path}` })),
    );
    const rows = [...mcpGuide.matchAll(/^\| `([a-z_]+)`\s*\| `([A-Z]+ \/api\/v1\/[^`]+)`\s*\| ([^|]+?)\s*\|/gm)];
    const documented = rows.map((m) => ({ tool: m[1], call: m[2], scope: m[3] }));
    const expected = v1Tools.map((t) => {
      const op = ops.find((o) => o.operationId === t.operationId);
      const scope = /Scope: `([^`]+)`/.exec(op?.description ?? "")?.[1];
      return { tool: t.name, call: op?.call, scope: scope ? `\`${scope}\`` : "any key" };
    });
    expect(documented).toEqual(expected);

    const apiOnlyLine = /^API-only \(no tool yet\):([\s\S]+?)\. API keys/m.exec(mcpGuide)?.[1] ?? "";
    const apiOnly = [...apiOnlyLine.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]).sort();
    const withoutTool = ops
      .map((o) => o.operationId)
      .filter((id) => !v1Tools.some((t) => t.operationId === id))
      .sort();
    expect(apiOnly).toEqual(withoutTool);
  });
});

describe("sites through MCP and through v1", () => {
  it("registers, repeats and refuses alike: created true then false, the same site, invalid_domain", async () => {
    const k = await key("mcp-sites", ["sites:write", "traffic:read"]);
    const first = await tool(k, "register_site", { domain: "mcp-one.example" });
    expect(first).toMatchObject({ ok: true, body: { domain: "mcp-one.example", created: true } });
    const again = await v1(k, "POST", "/sites", { domain: "mcp-one.example" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ site_id: first.body.site_id, created: false });
    const repeatByTool = await tool(k, "register_site", { domain: "mcp-one.example" });
    expect(repeatByTool.body).toMatchObject({ site_id: first.body.site_id, created: false });

    const badTool = await tool(k, "register_site", { domain: "https://mcp-one.example/shop" });
    const badRoute = await v1(k, "POST", "/sites", { domain: "https://mcp-one.example/shop" });
    expect(badTool.ok).toBe(false);
    expect(badRoute.status).toBe(400);
    expect(badTool.body).toMatchObject({ code: "invalid_domain", error: badRoute.body?.error });
    expect(badRoute.body?.code).toBe("invalid_domain");

    const listed = await tool(k, "list_sites", {});
    const routeList = await v1(k, "GET", "/sites");
    expect(listed.body).toEqual(routeList.body);
  });

  it("refuses a key without sites:write with insufficient_scope, as the route does", async () => {
    const k = await key("mcp-sites-readonly", ["traffic:read"]);
    const byTool = await tool(k, "register_site", { domain: "mcp-two.example" });
    const byRoute = await v1(k, "POST", "/sites", { domain: "mcp-two.example" });
    expect(byRoute.status).toBe(403);
    expect(byTool).toMatchObject({ ok: false, body: { code: "insufficient_scope" } });
    expect(byRoute.body).toMatchObject({ code: "insufficient_scope" });
    expect((await v1(k, "GET", "/sites")).body).toMatchObject({ sites: [] });
  });
});

describe("conversions through MCP and through v1", () => {
  it("records, repeats, voids and lists alike", async () => {
    const k = await key("mcp-conversions", ["conversions:read", "conversions:write", "sites:write"]);
    await v1(k, "POST", "/sites", { domain: "mcp-shop.example" });
    const order = (id: string) => ({
      external_id: id,
      domain: "mcp-shop.example",
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      value_minor: 4990,
      currency: "EUR",
    });
    const recorded = await tool(k, "record_conversions", { conversions: [order("A-1"), order("A-2")] });
    expect(recorded.body).toMatchObject({ received: 2, accepted: 2, duplicate: 0, rejected: 0 });
    // The same order through the route: a duplicate, as re-sending it through the tool is.
    const byRoute = await v1(k, "POST", "/conversions", { conversions: [order("A-1")] });
    const byTool = await tool(k, "record_conversions", { conversions: [order("A-2")] });
    expect(byRoute.body).toMatchObject({ accepted: 0, duplicate: 1 });
    expect(byTool.body).toMatchObject({ accepted: 0, duplicate: 1 });

    const voided = await tool(k, "void_conversion", { external_id: "A-1" });
    expect(voided).toEqual({ ok: true, body: { ok: true } });
    const listedByTool = await tool(k, "list_conversions", {});
    const listedByRoute = await v1(k, "GET", "/conversions");
    expect(listedByTool.body).toEqual(listedByRoute.body);
    const ids = (listedByTool.body.results as { external_id: string }[]).map((c) => c.external_id);
    expect(ids).toEqual(["A-2"]);
  });

  it("refuses a read-only key with insufficient_scope on both ways in", async () => {
    const k = await key("mcp-conversions-read", ["conversions:read"]);
    const byTool = await tool(k, "void_conversion", { external_id: "X" });
    const byRoute = await v1(k, "DELETE", "/conversions/X");
    expect(byRoute.status).toBe(403);
    expect(byTool.body.code).toBe("insufficient_scope");
    expect(byRoute.body?.code).toBe("insufficient_scope");
  });
});
