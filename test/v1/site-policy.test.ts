import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import { signPolicyDocument } from "../../shared/policy/document-signature";
import { ownRulesOf } from "../../shared/policy/managed-robots";
import { policyBlockRowsOf, storePolicyBlocks } from "../../shared/policy/policy-blocks";
import { createTestKey } from "../helpers/api-keys";
import { seedSite } from "../helpers/seed";
import { inShard } from "../helpers/shard";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

const api = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  exports.default.fetch(`https://api.example${path}`, {
    ...init,
    headers: { ...headers, "Content-Type": "application/json", ...(init.headers as Record<string, string>) },
  });

const DEFAULTS = { crawl: "block", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "allow" };

async function setup(workspace: string, domain: string) {
  const k = await createTestKey(env, { workspace, scopes: ["policy:read", "policy:write"] });
  const site = await seedSite(env.DB, { domain, workspaceId: k.workspaceId });
  return { k, site };
}

describe("a site's agent policy in v1", () => {
  it("starts neutral at version 0, saves whole with the catalogue's spelling, and refuses a stale version", async () => {
    const { k, site } = await setup("policy-rw", "policy-rw.example");
    const first = await api(`/api/v1/sites/${site.domain}/policy`, k.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      site_id: site.id,
      version: 0,
      updated_at: null,
      defaults: { crawl: "allow", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "allow" },
      link_url: "https://policy-rw.example/robots.txt",
    });

    const body = {
      version: 0,
      defaults: DEFAULTS,
      operators: [{ operator: "openai", purpose: "crawl", action: "allow" }],
      agents: [{ agent: "bytespider", action: "block" }],
      exceptions: [{ path_prefix: "/products", action: "allow" }],
    };
    const saved = await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify(body),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      version: 1,
      operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
      agents: [{ agent: "Bytespider", action: "block" }],
      exceptions: [{ path_prefix: "/products", action: "allow", purpose: null, operator: null, agent: null }],
      robots: { enabled: false, own_rules: "" },
    });

    // Someone else's edit started from version 0 too: refused, nothing written.
    const stale = await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify(body),
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "policy_version_conflict" });
    const again = await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify({ ...body, version: 1, agents: [] }),
    });
    expect(await again.json()).toMatchObject({ version: 2, agents: [] });
    // Without a version, the write goes over whatever is there.
    const blind = await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify({ defaults: DEFAULTS }),
    });
    expect(await blind.json()).toMatchObject({ version: 3 });
  });

  it("names the field of an unknown agent or operator, a rule given twice, and a bad prefix", async () => {
    const { k, site } = await setup("policy-bad", "policy-bad.example");
    const put = async (extra: object) => {
      const res = await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
        method: "PUT",
        body: JSON.stringify({ defaults: DEFAULTS, ...extra }),
      });
      return { status: res.status, body: await res.json<{ code: string; details?: { field: string }[] }>() };
    };
    const unknown = await put({ agents: [{ agent: "NoSuchBot", action: "block" }] });
    expect(unknown).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    expect(JSON.stringify(unknown.body)).toContain("agents.0.agent");
    expect(
      JSON.stringify(await put({ operators: [{ operator: "Nobody", purpose: null, action: "block" }] })),
    ).toContain("operators.0.operator");
    const twice = await put({
      agents: [
        { agent: "GPTBot", action: "block" },
        { agent: "gptbot", action: "allow" },
      ],
    });
    expect(JSON.stringify(twice.body)).toContain("agents.1.agent");
    const prefix = await put({ exceptions: [{ path_prefix: "/a*", action: "block" }] });
    expect(prefix.status).toBe(400);
    expect(JSON.stringify(prefix.body)).toContain("exceptions.0.path_prefix");
    expect((await put({ defaults: { ...DEFAULTS, crawl: "maybe" } })).status).toBe(400);
  });

  it("answers another workspace's site like a missing one, and needs the policy scopes", async () => {
    const { site } = await setup("policy-owner", "policy-owner.example");
    const other = await createTestKey(env, { workspace: "policy-other", scopes: ["policy:read", "policy:write"] });
    const res = await api(`/api/v1/sites/${site.id}/policy`, other.headers);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "site_not_found" });
    const traffic = await createTestKey(env, { workspace: "policy-owner", scopes: ["traffic:read"] });
    expect((await api(`/api/v1/sites/${site.id}/policy`, traffic.headers)).status).toBe(403);
    const reader = await createTestKey(env, { workspace: "policy-owner", scopes: ["policy:read"] });
    const write = await api(`/api/v1/sites/${site.id}/policy`, reader.headers, {
      method: "PUT",
      body: JSON.stringify({ defaults: DEFAULTS }),
    });
    expect(write.status).toBe(403);
  });
});

describe("the collector document and the managed robots.txt", () => {
  it("is signed for the key that asks, answers 304 while unchanged, and moves with each save", async () => {
    const { k, site } = await setup("policy-doc", "policy-doc.example");
    const url = `/api/v1/sites/${site.id}/policy/collector`;
    const res = await api(url, k.headers);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(res.headers.get("X-Policy-Signature")).toBe(await signPolicyDocument(body, k.key));
    expect(res.headers.get("X-Policy-Signature")).not.toBe(await signPolicyDocument(body, `${k.key}x`));
    const doc = JSON.parse(body);
    expect(doc).toMatchObject({ format: 1, domain: "policy-doc.example", version: 0, managed_robots_txt: null });
    const gptbot = doc.agents.find((a: { token: string }) => a.token === "GPTBot");
    expect(gptbot).toMatchObject({ ip_lists: ["openai-gptbot"], robots_key: "gptbot" });
    expect(doc.ip_lists["openai-gptbot"]).toContain("52.230.152.0/24");

    const etag = res.headers.get("ETag") as string;
    expect((await api(url, { ...k.headers, "If-None-Match": etag })).status).toBe(304);
    await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify({ defaults: DEFAULTS }),
    });
    const changed = await api(url, { ...k.headers, "If-None-Match": etag });
    expect(changed.status).toBe(200);
    const next = await changed.json<{ version: number; agents: { token: string; verified: unknown }[] }>();
    expect(next.version).toBe(1);
    expect(next.agents.find((a) => a.token === "GPTBot")?.verified).toEqual({ base: "block", paths: [] });
  });

  it("keeps the merchant's policy page as the URL parser writes it, so the collectors' Link holds one link", async () => {
    const { k, site } = await setup("policy-link", "policy-link.example");
    const put = (policy_url: string) =>
      api(`/api/v1/sites/${site.id}/policy`, k.headers, {
        method: "PUT",
        body: JSON.stringify({ defaults: DEFAULTS, policy_url }),
      });
    // A `>` would end `Link: <…>` early and `, <…>` would add a link of the sender's.
    const saved = await put('https://policy-link.example/bots>; rel="x", <https://elsewhere.example/ "a"');
    expect(saved.status).toBe(200);
    const expected = "https://policy-link.example/bots%3E;%20rel=%22x%22,%20%3Chttps://elsewhere.example/%20%22a%22";
    expect(await saved.json()).toMatchObject({ policy_url: expected, link_url: expected });
    const doc = await (await api(`/api/v1/sites/${site.id}/policy/collector`, k.headers)).json<{
      policy_url: string;
    }>();
    expect(doc.policy_url).toBe(expected);
    expect(doc.policy_url).not.toMatch(/[<>"\s]/);
    // Only https, as before.
    expect((await put("http://policy-link.example/bots")).status).toBe(400);
    expect((await put("javascript:alert(1)")).status).toBe(400);
  });

  it("serves the managed robots.txt and files it as the version in force when a collector takes it", async () => {
    const { k, site } = await setup("policy-robots", "policy-robots.example");
    const own = "User-agent: *\nDisallow: /checkout\n";
    await api(`/api/v1/sites/${site.id}/policy`, k.headers, {
      method: "PUT",
      body: JSON.stringify({ defaults: DEFAULTS, robots: { enabled: true, own_rules: own } }),
    });
    const file = await api(`/api/v1/sites/${site.id}/policy/robots.txt`, k.headers);
    expect(file.headers.get("Content-Type")).toContain("text/plain");
    expect(file.headers.get("X-Policy-Version")).toBe("1");
    const text = await file.text();
    expect(text).toContain("User-agent: GPTBot");
    expect(ownRulesOf(text)).toBe(own);

    const versions = () =>
      env.DB.prepare("SELECT body FROM robots_versions WHERE domain = ? ORDER BY first_seen_at")
        .bind(site.domain)
        .all<{ body: string }>();
    expect((await versions()).results).toEqual([]);
    const doc = await (await api(`/api/v1/sites/${site.id}/policy/collector`, k.headers)).json<{
      managed_robots_txt: string;
      robots: { source: string; rules: Record<string, { allow: boolean; pattern: string }[]> };
    }>();
    expect(doc.managed_robots_txt).toBe(text);
    expect(doc.robots.source).toBe("managed");
    expect(doc.robots.rules.gptbot).toEqual([{ allow: false, pattern: "/" }]);
    expect(doc.robots.rules["*"]).toEqual([{ allow: false, pattern: "/checkout" }]);
    // Filed once: a second fetch of the same document adds nothing.
    await api(`/api/v1/sites/${site.id}/policy/collector`, k.headers);
    expect((await versions()).results).toEqual([{ body: text }]);
  });
});

describe("blocked requests", () => {
  it("takes a collector's policy mark on a record and counts it per agent, verified or claimed, and why", async () => {
    const k = await createTestKey(env, { workspace: "policy-blocks", scopes: ["events:write", "traffic:read"] });
    const site = await seedSite(env.DB, { domain: "policy-blocks.example", workspaceId: k.workspaceId });
    const sent = vi.spyOn(env.EVENTS, "sendBatch");
    const now = Date.now();
    const record = (i: number, ip: string, reason: "policy" | "robots") => ({
      timestamp: now - 60_000 + i,
      domain: site.domain,
      path: `/p/${i}`,
      method: "GET",
      status: 403,
      user_agent: GPTBOT,
      ip,
      referer: null,
      policy: { decision: "blocked", reason, version: 3 },
    });
    const res = await api("/api/v1/events", k.headers, {
      method: "POST",
      body: JSON.stringify({
        events: [
          record(1, "52.230.152.9", "policy"),
          record(2, "52.230.152.10", "policy"),
          record(3, "203.0.113.5", "robots"),
          { ...record(4, "203.0.113.6", "policy"), policy: { decision: "allowed", reason: "policy", version: 3 } },
        ],
      }),
    });
    expect(await res.json()).toMatchObject({ accepted: 3, rejected: 1 });
    const messages = sent.mock.calls.flatMap(([batch]) => Array.from(batch, (m) => m.body as IngestMessage));
    sent.mockRestore();
    expect(messages.map((m) => m.agentRequest?.blocked)).toEqual([
      { reason: "policy", version: 3 },
      { reason: "policy", version: 3 },
      { reason: "robots", version: 3 },
    ]);
    // What the shard's ingest stores from them (the queue consumer runs in the ingest Worker).
    await inShard(env.ANALYTICS_SHARD, site.id, async (db) => {
      await storePolicyBlocks(db, policyBlockRowsOf(messages), now);
      // A redelivered batch is stored once.
      await storePolicyBlocks(db, policyBlockRowsOf(messages), now);
    });
    const report = await api(`/api/v1/traffic/blocked-requests?domain=${site.domain}&period=24h`, k.headers);
    expect(report.status).toBe(200);
    expect(await report.json()).toMatchObject({
      domain: site.domain,
      period: "24h",
      totals: { blocked: 3, by_reason: { policy: 2, robots: 1 } },
      agents: [
        {
          agent: "gptbot",
          platform: "chatgpt",
          purpose: "crawl",
          blocked: 3,
          // A collector's record reports its own address: two in OpenAI's range are
          // labelled, not verified (docs/security.md L8), so all three are declared.
          verified: 0,
          declared: 3,
          by_reason: { policy: 2, robots: 1 },
          first_at: new Date(now - 60_000 + 1).toISOString(),
          last_at: new Date(now - 60_000 + 3).toISOString(),
        },
      ],
    });
  });
});
