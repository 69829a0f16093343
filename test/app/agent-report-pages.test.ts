import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
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
    // Server-side events arrived, no snippet: "server-side records only".
    expect(robots.html).toContain('data-coverage="drains"');
    expect(robots.html).toContain('aria-current="page">robots.txt compliance<');

    const ratio = await owner.get("/app/sites/agent-pages.example/crawl-to-referral");
    expect(ratio.status).toBe(200);
    expect(ratio.html).toContain('data-operator="chatgpt"');

    const errors = await owner.get("/app/sites/agent-pages.example/agent-errors");
    expect(errors.status).toBe(200);
    expect(errors.html).toContain('data-path="/gone"');
    expect(errors.html).toMatch(/data-metric="not_found">1</);

    expect((await owner.get("/app/sites/agent-pages.example/robots?from=2999-01-01")).status).toBe(400);

    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("agent-pages-stranger"));
    for (const page of ["robots", "crawl-to-referral", "agent-errors"]) {
      expect((await stranger.get(`/app/sites/agent-pages.example/${page}`)).status, page).toBe(404);
    }
  });
});
