import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { createTestKey, type TestKey } from "../helpers/api-keys";
import { freezeClock } from "../helpers/clock";
import { seedSite } from "../helpers/seed";
import { inShard } from "../helpers/shard";
import { mcpTool as tool } from "./mcp-call";

// The agent policy's MCP tools (docs/policy.md, docs/mcp.md) inside workerd: each call
// runs the v1 operation it mirrors, so a policy written through one way in is the policy
// read through the other, and a stale version or a missing scope is refused with the
// route's own `code`.

const BASE = "http://localhost:8787";
async function v1(k: TestKey, method: string, path: string, body?: unknown) {
  const res = await exports.default.fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const DEFAULTS = { crawl: "block", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "allow" };

describe("the agent policy through MCP and through v1", () => {
  it("writes with set_site_policy what get_site_policy and the route read, and refuses a stale version alike", async () => {
    const k = await createTestKey(env, { workspace: "mcp-policy", scopes: ["policy:read", "policy:write"] });
    const site = await seedSite(env.DB, { domain: "mcp-policy.example", workspaceId: k.workspaceId });

    const neutral = await tool(k, "get_site_policy", { site_id: site.domain });
    expect(neutral).toMatchObject({ ok: true, body: { site_id: site.id, version: 0 } });
    expect(neutral.body).toEqual((await v1(k, "GET", `/sites/${site.id}/policy`)).body);

    const policy = {
      version: 0,
      defaults: DEFAULTS,
      operators: [{ operator: "openai", purpose: "crawl", action: "allow" }],
      agents: [{ agent: "bytespider", action: "block" }],
      exceptions: [{ path_prefix: "/account", action: "block", purpose: "crawl" }],
    };
    const saved = await tool(k, "set_site_policy", { site_id: site.id, ...policy });
    expect(saved).toMatchObject({
      ok: true,
      body: {
        version: 1,
        defaults: DEFAULTS,
        // The catalogue's spelling, as the route saves it.
        operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
        agents: [{ agent: "Bytespider", action: "block" }],
        exceptions: [{ path_prefix: "/account", action: "block", purpose: "crawl", operator: null, agent: null }],
      },
    });
    const read = await v1(k, "GET", `/sites/${site.id}/policy`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);

    // The same version 0 again, through either way in: someone else's write is not lost.
    const staleTool = await tool(k, "set_site_policy", { site_id: site.id, ...policy });
    expect(staleTool).toMatchObject({ ok: false, body: { code: "policy_version_conflict" } });
    const staleRoute = await v1(k, "PUT", `/sites/${site.id}/policy`, policy);
    expect(staleRoute).toMatchObject({ status: 409, body: { code: "policy_version_conflict" } });
    expect((await tool(k, "get_site_policy", { site_id: site.id })).body).toMatchObject({ version: 1 });

    // A name the catalogue does not hold: the route's 400 and its field.
    const unknown = await tool(k, "set_site_policy", {
      site_id: site.id,
      defaults: DEFAULTS,
      agents: [{ agent: "NoSuchBot", action: "block" }],
    });
    expect(unknown.ok).toBe(false);
    expect(JSON.stringify(unknown.body)).toContain("agents.0.agent");
  }, 30_000);

  it("lists the catalogue the route lists, and refuses what the key's scopes do not allow", async () => {
    const owner = await createTestKey(env, { workspace: "mcp-policy-scopes", scopes: ["policy:read"] });
    const site = await seedSite(env.DB, { domain: "mcp-policy-scopes.example", workspaceId: owner.workspaceId });
    const catalogue = await tool(owner, "list_policy_agents", {});
    expect(catalogue.ok).toBe(true);
    expect(catalogue.body).toEqual((await v1(owner, "GET", "/policy/agents")).body);
    const agents = catalogue.body.agents as { token: string }[];
    expect(agents.some((a) => a.token === "GPTBot")).toBe(true);

    // policy:read alone cannot write, through either way in.
    const write = await tool(owner, "set_site_policy", { site_id: site.id, defaults: DEFAULTS });
    expect(write).toMatchObject({ ok: false, body: { code: "insufficient_scope" } });
    expect((await v1(owner, "PUT", `/sites/${site.id}/policy`, { defaults: DEFAULTS })).status).toBe(403);
    expect((await tool(owner, "get_site_policy", { site_id: site.id })).body).toMatchObject({ version: 0 });

    // Another workspace's site is a missing one.
    const other = await createTestKey(env, { workspace: "mcp-policy-other", scopes: ["policy:read", "policy:write"] });
    const foreign = await tool(other, "get_site_policy", { site_id: site.id });
    expect(foreign).toMatchObject({ ok: false, body: { code: "site_not_found" } });
    const foreignWrite = await tool(other, "set_site_policy", { site_id: site.id, defaults: DEFAULTS });
    expect(foreignWrite).toMatchObject({ ok: false, body: { code: "site_not_found" } });
  }, 30_000);

  it("reads policy_costs and blocked_requests as their routes answer them", async () => {
    const k = await createTestKey(env, { workspace: "mcp-policy-reads", scopes: ["traffic:read"] });
    const site = await seedSite(env.DB, { domain: "mcp-policy-reads.example", workspaceId: k.workspaceId });
    // Both ways in read the same 30 days: time stands still between them.
    const now = freezeClock();
    const row = (i: number, agent: string, purpose: AgentRequestRow["purpose"]): AgentRequestRow => ({
      id: `mcp-policy-${i}`,
      occurred_at: now - i * 3_600_000,
      method: "GET",
      path: `/p/${i}`,
      status: 200,
      agent,
      platform: "chatgpt",
      purpose,
      tier: "verified",
      document: 1,
      via: "events",
    });
    await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      storeAgentRequests(db, [
        row(1, "gptbot", "crawl"),
        row(2, "gptbot", "crawl"),
        row(3, "chatgpt-user", "user_action"),
      ]),
    );
    const costs = await tool(k, "policy_costs", { site_id: site.id });
    expect(costs.ok).toBe(true);
    expect(costs.body).toEqual((await v1(k, "GET", `/sites/${site.id}/policy/costs`)).body);
    const agents = costs.body.agents as { token: string; requests: number }[];
    expect(agents.find((a) => a.token === "GPTBot")?.requests).toBe(2);
    expect(agents.find((a) => a.token === "ChatGPT-User")?.requests).toBe(1);
    const blocked = await tool(k, "blocked_requests", { domain: site.domain, period: "30d" });
    expect(blocked.ok).toBe(true);
    expect(blocked.body).toEqual(
      (await v1(k, "GET", `/traffic/blocked-requests?domain=${site.domain}&period=30d`)).body,
    );
    // traffic:read does not read the policy itself.
    expect(await tool(k, "get_site_policy", { site_id: site.id })).toMatchObject({
      ok: false,
      body: { code: "insufficient_scope" },
    });
  }, 30_000);
});
