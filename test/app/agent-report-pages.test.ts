import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { inShard } from "../helpers/shard";
import { seedGptbotRequests } from "./agent-request-seed";
import { FormClient, uniqueEmail } from "./form-client";

// The three pages over AI agents' requests show the v1 reports' numbers (the same use
// cases), with the site's coverage, and another workspace's site is not found.

const HOUR = 3_600_000;

describe("agent-request report pages", () => {
  it("show robots.txt compliance, crawl-to-referral and errors with coverage; strangers get 404", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("agent-pages"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "agent-pages.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'agent-pages.example'").first<{
      id: string;
    }>();
    const now = Date.now();
    const t0 = now - 3 * 24 * HOUR;
    await seedGptbotRequests({ id: site?.id ?? "", domain: "agent-pages.example" }, t0, "a");

    const robots = await owner.get("/app/sites/agent-pages.example/robots");
    expect(robots.status).toBe(200);
    expect(robots.html).toContain('data-violation="gptbot /private/x"');
    expect(robots.html).toContain("Disallow: /private");
    expect(robots.html).toMatch(/data-metric="disallowed">1</);
    // One definition of AI agents' requests on the three pages: the 3 GPTBot requests
    // (no robots.txt fetch among them), all 3 judged against the file seen an hour before.
    expect(robots.html).toMatch(/data-metric="agent_requests">3</);
    expect(robots.html).toMatch(/data-metric="judged">3</);
    expect(robots.html).not.toContain('data-metric="not_judged"');
    // Server-side events arrived, no snippet: "server-side records only".
    expect(robots.html).toContain('data-coverage="drains"');
    expect(robots.html).toContain('aria-current="page">robots.txt compliance<');

    const ratio = await owner.get("/app/sites/agent-pages.example/crawl-to-referral");
    expect(ratio.status).toBe(200);
    expect(ratio.html).toContain('data-operator="chatgpt"');
    expect(ratio.html).toMatch(/data-metric="agent_requests">3</);
    expect(ratio.html).toMatch(/data-metric="crawl_requests">3</);

    const errors = await owner.get("/app/sites/agent-pages.example/agent-errors");
    expect(errors.status).toBe(200);
    expect(errors.html).toContain('data-path="/gone"');
    expect(errors.html).toMatch(/data-metric="not_found">1</);
    expect(errors.html).toMatch(/data-metric="agent_requests">3</);

    expect((await owner.get("/app/sites/agent-pages.example/robots?from=2999-01-01")).status).toBe(400);

    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("agent-pages-stranger"));
    for (const page of ["robots", "crawl-to-referral", "agent-errors"]) {
      expect((await stranger.get(`/app/sites/agent-pages.example/${page}`)).status, page).toBe(404);
    }
  });

  it("says Not judged, with why, when no request could be judged: never 0 disallowed", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("agent-pages-unjudged"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "unjudged.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id FROM sites WHERE domain = 'unjudged.example'").first<{ id: string }>();
    // Two GPTBot requests and no robots.txt this service ever fetched: 2 requests, 0 judged.
    const t = Date.now() - 24 * HOUR;
    const request = (n: number) => ({
      id: `u${n}`,
      occurred_at: t,
      method: "GET",
      path: `/p/${n}`,
      status: 200,
      agent: "gptbot",
      platform: "chatgpt",
      purpose: "crawl" as const,
      tier: "declared",
      document: 1,
      via: "events",
    });
    await inShard(env.ANALYTICS_SHARD, site?.id ?? "", (db) => storeAgentRequests(db, [request(1), request(2)]));
    const robots = await owner.get("/app/sites/unjudged.example/robots");
    expect(robots.status).toBe(200);
    expect(robots.html).toMatch(/data-metric="agent_requests">2</);
    expect(robots.html).toMatch(/data-metric="judged">0</);
    expect(robots.html).toMatch(/data-metric="disallowed">Not judged</);
    expect(robots.html).toContain('data-metric="not_judged" data-count="2"');
    expect(robots.html).toContain("2 made before the first robots.txt this service fetched");
  });
});
