import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refreshRobots } from "../../workers/ingest/runtime/refresh-robots";
import { inShard } from "../helpers/shard";
import { acceptedServerEvents, seedSite, setFixture } from "./helpers";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

async function waitForAgentRequests(siteId: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const { results } = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      db.prepare("SELECT * FROM agent_requests ORDER BY path").all<Record<string, unknown>>(),
    );
    if (results.length >= n) return results;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("agent requests did not appear");
}

describe("server-side events feed agent_requests", () => {
  it("stores each AI agent's record with its status and query, as a drain line is, and no human's", async () => {
    const site = await seedSite("events-requests.example");
    const now = Date.now();
    const record = (path: string, status: number, userAgent: string) => ({
      timestamp: now - 60_000,
      domain: "events-requests.example",
      path,
      method: "get",
      status,
      user_agent: userAgent,
      ip: "52.230.152.9",
    });
    const result = await acceptedServerEvents(
      site.workspaceId,
      [
        record("/old-page?ref=x", 404, GPTBOT),
        record("/robots.txt", 200, GPTBOT),
        record("/", 200, "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"),
      ],
      now,
    );
    expect(result.accepted).toBe(3);
    const rows = await waitForAgentRequests(site.id, 2);
    expect(rows.map((r) => [r.path, r.status, r.method, r.agent, r.platform, r.via, r.document])).toEqual([
      ["/old-page?ref=x", 404, "GET", "gptbot", "chatgpt", "events", 1],
      ["/robots.txt", 200, "GET", "gptbot", "chatgpt", "events", 0],
    ]);
  });
});

describe("robots.txt history (cron)", () => {
  it("fetches a registered domain's robots.txt daily through the guard and keeps each distinct version", async () => {
    await seedSite("robots-cron.example");
    // The cron fetches only mapped hosts in tests (ROBOTS_MAPPED_ONLY); the outbound stand-in answers.
    const localEnv = { ...env, OUTBOUND_RESOLVE: "robots-cron.example=127.0.0.1:9005" };
    const file = (body: string) => ({ status: 200, headers: { "content-type": "text/plain" }, body });
    await setFixture("127.0.0.1:9005/robots.txt", file("User-agent: GPTBot\nDisallow: /a\n"));
    const t = Date.UTC(2026, 10, 20, 3, 0);
    expect(await refreshRobots(localEnv, t)).toEqual({ fetched: 1, newVersions: 1, failed: 0 });
    // Not due again within the day.
    expect(await refreshRobots(localEnv, t + 3_600_000)).toEqual({ fetched: 0, newVersions: 0, failed: 0 });
    expect(await refreshRobots(localEnv, t + 86_400_001)).toEqual({ fetched: 1, newVersions: 0, failed: 0 });
    await setFixture("127.0.0.1:9005/robots.txt", file("User-agent: GPTBot\nDisallow: /b\n"));
    expect(await refreshRobots(localEnv, t + 2 * 86_400_002)).toEqual({ fetched: 1, newVersions: 1, failed: 0 });
    await setFixture("127.0.0.1:9005/robots.txt", { status: 503, body: "down" });
    expect(await refreshRobots(localEnv, t + 3 * 86_400_003)).toEqual({ fetched: 1, newVersions: 0, failed: 1 });
    const { results } = await env.DB.prepare(
      "SELECT body, first_seen_at, last_seen_at, seen_count FROM robots_versions WHERE domain = 'robots-cron.example' ORDER BY first_seen_at",
    ).all();
    expect(results).toEqual([
      { body: "User-agent: GPTBot\nDisallow: /a\n", first_seen_at: t, last_seen_at: t + 86_400_001, seen_count: 2 },
      {
        body: "User-agent: GPTBot\nDisallow: /b\n",
        first_seen_at: t + 2 * 86_400_002,
        last_seen_at: t + 2 * 86_400_002,
        seen_count: 1,
      },
    ]);
    const check = await env.DB.prepare(
      "SELECT status, error FROM robots_checks WHERE domain = 'robots-cron.example'",
    ).first();
    expect(check).toEqual({ status: 503, error: "HTTP 503" });
  });
});
