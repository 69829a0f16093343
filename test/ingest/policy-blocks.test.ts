import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptServerEvents } from "../../shared/ingest/server-events";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

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
    const result = await acceptServerEvents(
      env,
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
    expect(blocks).toEqual([
      {
        agent: "gptbot",
        platform: "chatgpt",
        purpose: "crawl",
        tier: "verified",
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
});
