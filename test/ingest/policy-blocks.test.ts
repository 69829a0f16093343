import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { POLICY_BLOCKS_RETENTION_MS, policyBlockRowsOf, storePolicyBlocks } from "../../shared/policy/policy-blocks";
import { inShard } from "../helpers/shard";
import { acceptedServerEvents, message, seedSite } from "./helpers";

// A collector's blocked record through the real queue and consumer: stored as the agent
// request it was (its 403 included) and as a policy block, once each.

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

async function waitForRows(siteId: string, sql: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const { results } = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      db.prepare(sql).all<Record<string, unknown>>(),
    );
    if (results.length >= n) return results;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no rows: ${sql}`);
}

describe("blocked requests through the queue", () => {
  it("keeps the policy's mark beside the agent request, and a person's record has none", async () => {
    const site = await seedSite("blocked.example");
    const now = Date.now();
    const base = { domain: "blocked.example", method: "GET", user_agent: GPTBOT, ip: "52.230.152.9" };
    const result = await acceptedServerEvents(
      site.workspaceId,
      [
        {
          ...base,
          timestamp: now - 60_000,
          path: "/p/1",
          status: 403,
          policy: { decision: "blocked", reason: "policy", version: 2 },
        },
        { ...base, timestamp: now - 50_000, path: "/p/2", status: 200 },
      ],
      now,
    );
    expect(result).toMatchObject({ accepted: 2 });
    const blocks = await waitForRows(
      site.id,
      "SELECT agent, platform, purpose, tier, path, reason, version FROM policy_blocks",
      1,
    );
    // Declared: the record's address in OpenAI's range is the merchant's word, not a
    // connection this service saw (docs/security.md L8).
    expect(blocks).toEqual([
      {
        agent: "gptbot",
        platform: "chatgpt",
        purpose: "crawl",
        tier: "declared",
        path: "/p/1",
        reason: "policy",
        version: 2,
      },
    ]);
    const requests = await waitForRows(site.id, "SELECT path, status FROM agent_requests ORDER BY path", 2);
    expect(requests).toEqual([
      { path: "/p/1", status: 403 },
      { path: "/p/2", status: 200 },
    ]);
  });

  it("keeps no block for a person's record, whatever mark it carries", async () => {
    const site = await seedSite("blocked-person.example");
    const now = Date.now();
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
    const marked = {
      domain: "blocked-person.example",
      method: "GET",
      status: 403,
      policy: { decision: "blocked" as const, reason: "policy" as const, version: 1 },
    };
    const result = await acceptedServerEvents(
      site.workspaceId,
      [
        { ...marked, timestamp: now - 60_000, path: "/p/person", user_agent: person, ip: "198.51.100.9" },
        // The agent's record after it, so the batch is known to be consumed when its row is there.
        { ...marked, timestamp: now - 50_000, path: "/p/agent", user_agent: GPTBOT, ip: "52.230.152.9" },
      ],
      now,
    );
    expect(result).toMatchObject({ accepted: 2 });
    const blocks = await waitForRows(site.id, "SELECT path FROM policy_blocks", 1);
    expect(blocks).toEqual([{ path: "/p/agent" }]);
  });

  it("stores each block once and drops those older than the agent requests' 92 days", async () => {
    const site = await seedSite("blocked-retention.example");
    const now = Date.UTC(2026, 10, 1);
    const blocked = (id: string, occurredAt: number, marked = true) =>
      message({
        id,
        occurredAt,
        siteId: site.id,
        channel: "server",
        platform: "chatgpt",
        purpose: "crawl",
        tier: "verified",
        agentRequest: {
          method: "GET",
          path: `/p/${id}`,
          status: 403,
          agent: "gptbot",
          document: 1,
          ...(marked ? { blocked: { reason: "policy" as const, version: 1 } } : {}),
        },
      });
    const day = 86_400_000;
    expect(POLICY_BLOCKS_RETENTION_MS).toBe(92 * day);
    // A person's message (no platform) and an agent's without a mark give no row.
    const rows = policyBlockRowsOf([
      blocked("old", now - 93 * day),
      blocked("edge", now - 92 * day),
      message({ id: "person", occurredAt: now, siteId: site.id }),
      blocked("allowed", now, false),
    ]);
    expect(rows.map((r) => r.id)).toEqual(["old", "edge"]);
    const ids = () =>
      inShard(env.ANALYTICS_SHARD, site.id, async (db) =>
        (await db.prepare("SELECT id FROM policy_blocks ORDER BY id").all<{ id: string }>()).results.map((r) => r.id),
      );
    // Stored a day earlier, both are within 92 days; the old one is past it from `now`.
    await inShard(env.ANALYTICS_SHARD, site.id, (db) => storePolicyBlocks(db, rows, now - day));
    expect(await ids()).toEqual(["edge", "old"]);
    await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      storePolicyBlocks(db, policyBlockRowsOf([blocked("edge", now - 92 * day), blocked("new", now)]), now),
    );
    // "old" went (93 days), "edge" (exactly 92) stays, the redelivered "edge" is not doubled.
    expect(await ids()).toEqual(["edge", "new"]);
  });
});
