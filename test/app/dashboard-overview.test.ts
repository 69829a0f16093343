import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AI_PLATFORMS } from "../../shared/classify/platforms";
import { SOURCES } from "../../shared/classify/source";
import { PLATFORM_NAMES, platformName, SOURCE_NAMES } from "../../shared/display/display-names";
import { DAY, insertSession, MINUTE } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The workspace overview (setup checklist, last 7 days per site), the live view's JSON
// and page, the site switcher and the display names, in workerd against real D1 and
// the site's analytics shard. Sessions are written straight into the shard
// (test/v1/traffic-fixtures.ts), so every expected count is the hand count below.

async function owner(label: string) {
  const client = new FormClient();
  await client.signUp(uniqueEmail(label));
  return client;
}

async function addSite(client: FormClient, domain: string) {
  await client.get("/app/sites");
  const added = await client.post("/app/sites", { domain, name: "" });
  expect(added.status).toBe(303);
  const row = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
    .bind(domain)
    .first<{ id: string; workspace_id: string }>();
  if (!row) throw new Error(`${domain} was not added`);
  return { siteId: row.id, workspaceId: row.workspace_id };
}

/** The checklist's steps as "step:done" pairs, in page order. */
function checklist(html: string): string[] {
  return [...html.matchAll(/data-step="([a-z_]+)" data-done="([01])"/g)].map((m) => `${m[1]}:${m[2]}`);
}

describe("workspace overview", () => {
  it("the setup checklist follows the workspace's rows step by step and disappears when all are done", async () => {
    const client = await owner("checklist");
    let page = await client.get("/app");
    expect(checklist(page.html)).toEqual(["site_added:0", "first_event:0", "first_key:0", "first_monitor:0"]);
    expect(page.html).toContain("Set up: 0 of 4 done");
    // Each step links to the page that does it and to the API reference.
    expect(page.html).toContain(`href="/app/w/${client.workspace}/settings/api-keys">Create a key`);
    expect(page.html).toContain('href="/api/v1/docs#tag/monitors"');

    const { siteId, workspaceId } = await addSite(client, "checklist-shop.example");
    page = await client.get("/app");
    expect(checklist(page.html)).toEqual(["site_added:1", "first_event:0", "first_key:0", "first_monitor:0"]);
    // With a site, "first visit" leads to that site's snippet.
    expect(page.html).toContain(`href="/app/w/${client.workspace}/sites/checklist-shop.example">Get the snippet`);

    // The first recorded session sets the site's last_event_at (shared/sessions/install-signals.ts).
    await env.DB.prepare("UPDATE sites SET last_event_at = ? WHERE id = ?").bind(Date.now(), siteId).run();
    await client.get("/app/settings/api-keys");
    const key = await client.submit("/app/settings/api-keys", { name: "Backend", preset: "provisioning" });
    expect(key.postStatus).toBe(303);
    page = await client.get("/app");
    expect(checklist(page.html)).toEqual(["site_added:1", "first_event:1", "first_key:1", "first_monitor:0"]);

    await env.DB.prepare(
      "INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
      .bind(`mon_${crypto.randomUUID()}`, workspaceId, "checklist-shop.example", "https://hooks.example/x", "x", 1)
      .run();
    page = await client.get("/app");
    expect(checklist(page.html)).toEqual([]);
    expect(page.html).not.toContain("Set up:");
  });

  it("a revoked key does not count as the first key", async () => {
    const client = await owner("revoked");
    await client.get("/app/settings/api-keys");
    await client.submit("/app/settings/api-keys", { name: "Old", preset: "provisioning" });
    await env.DB.prepare(
      "UPDATE api_keys SET revoked_at = ? WHERE workspace_id = (SELECT workspace_id FROM api_keys WHERE name = 'Old' ORDER BY created_at DESC LIMIT 1)",
    )
      .bind(Date.now())
      .run();
    const page = await client.get("/app");
    expect(checklist(page.html)).toContain("first_key:0");
  });

  it("the workspace dashboard adds up its sites over the last 7 days, and each site's row links its pages", async () => {
    const client = await owner("week");
    const a = await addSite(client, "week-a.example");
    await addSite(client, "week-b.example");
    const now = Date.now();
    // week-a: 2 ChatGPT + 1 Claude inside 7 days, 1 ChatGPT 8 days ago, 1 human today.
    await insertSession(a.workspaceId, a.siteId, { startedAt: now - 2 * DAY, platform: "chatgpt" });
    await insertSession(a.workspaceId, a.siteId, { startedAt: now - 1 * DAY, platform: "chatgpt" });
    await insertSession(a.workspaceId, a.siteId, { startedAt: now - 3 * DAY, platform: "claude" });
    await insertSession(a.workspaceId, a.siteId, { startedAt: now - 8 * DAY, platform: "chatgpt" });
    await insertSession(a.workspaceId, a.siteId, { startedAt: now - 5 * MINUTE, platform: null });
    const page = await client.get("/app");
    const row = /<tr data-domain="week-a\.example"([\s\S]*?)<\/tr>/.exec(page.html)?.[1] ?? "";
    expect(row).toContain('data-sessions="3"');
    expect(row).toContain(`href="/app/w/${client.workspace}/sites/week-a.example/traffic"`);
    expect(row).toContain(`href="/app/w/${client.workspace}/sites/week-a.example/live"`);
    const other = /<tr data-domain="week-b\.example"([\s\S]*?)<\/tr>/.exec(page.html)?.[1] ?? "";
    expect(other).toContain('data-sessions="0"');
    // Both sites added up: 3 agent sessions, ChatGPT's 2 on top; the human is in the sources only.
    expect(page.html).toMatch(/data-metric="total_sessions">3</);
    expect(page.html).toMatch(/<tr data-platform="chatgpt">[\s\S]*?data-sessions="2"/);
    expect(page.html).toMatch(/data-metric="ai_share_pct">75%</);
  });
});

describe("live view", () => {
  it("counts the sessions of the last 30 minutes only, with names beside the codes", async () => {
    const client = await owner("live");
    const s = await addSite(client, "live-shop.example");
    const now = Date.now();
    // Inside 30 minutes: one Perplexity agent acting for a person, a GPTBot crawl of /checkout,
    // one human from a search engine and one from a ChatGPT link. Outside: a Claude agent 45 minutes ago.
    await insertSession(s.workspaceId, s.siteId, {
      startedAt: now - 5 * MINUTE,
      platform: "perplexity",
      purpose: "user_action",
      entryUrl: "/p/1",
    });
    await insertSession(s.workspaceId, s.siteId, {
      startedAt: now - 6 * MINUTE,
      platform: "chatgpt",
      purpose: "crawl",
      entryUrl: "/checkout",
      outcome: "abandoned",
    });
    await insertSession(s.workspaceId, s.siteId, {
      startedAt: now - 7 * MINUTE,
      platform: null,
      source: "ai_assistant_link",
      subSource: "chatgpt",
      referrerHost: "chatgpt.com",
    });
    await insertSession(s.workspaceId, s.siteId, {
      startedAt: now - 10 * MINUTE,
      platform: null,
      source: "search",
      subSource: "google",
    });
    await insertSession(s.workspaceId, s.siteId, { startedAt: now - 45 * MINUTE, platform: "claude" });

    const data = await client.get("/app/sites/live-shop.example/live/data");
    expect(data.status).toBe(200);
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    const snap = JSON.parse(data.html);
    // 4 sessions: 2 agents (1 acting for a person, 1 crawl) and 2 people (search, ChatGPT link).
    expect([snap.all_sessions, snap.agent_sessions, snap.human_visits]).toEqual([4, 2, 2]);
    expect(snap.by_platform).toEqual([
      { platform: "chatgpt", name: "ChatGPT", sessions: 1 },
      { platform: "perplexity", name: "Perplexity", sessions: 1 },
    ]);
    // The crawl is a crawl, never an assistant's visit.
    expect(snap.by_purpose).toEqual([
      { purpose: "user_action", name: "Acting for a person", sessions: 1 },
      { purpose: "crawl", name: "Crawl (indexing or training)", sessions: 1 },
    ]);
    // People only: the one from ChatGPT's link beside the one from search.
    expect(
      snap.human_by_source.map((x: { source: string; sessions: number }) => `${x.source}:${x.sessions}`).sort(),
    ).toEqual(["ai_assistant_link:1", "search:1"]);
    expect(Date.parse(snap.to) - Date.parse(snap.from)).toBe(30 * MINUTE);

    const page = await client.get("/app/sites/live-shop.example/live");
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/data-metric="live_all_sessions">4</);
    expect(page.html).toMatch(/data-metric="live_human_visits">2</);
    expect(page.html).toContain('<li data-key="crawl">Crawl (indexing or training): <strong>1</strong></li>');
    expect(page.html).not.toContain("AI assistant visit");
    expect(page.html).toContain('<li data-key="perplexity">Perplexity: <strong>1</strong></li>');
    expect(page.html).toContain('src="/app/assets/live.js"');
    expect(page.html).toContain('aria-current="page">Live');
  });

  it("another workspace gets 404 for the live page and its data", async () => {
    const client = await owner("live-owner");
    await addSite(client, "live-private.example");
    const stranger = await owner("live-stranger");
    for (const path of ["/live", "/live/data"]) {
      expect((await stranger.get(`/app/sites/live-private.example${path}`)).status, path).toBe(404);
    }
  });

  it("the live script is served by the app itself", async () => {
    const res = await new FormClient().get("/app/assets/live.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("javascript");
    expect(res.html).toContain("visibilitychange");
  });
});

describe("words people use", () => {
  it("every platform and source code has a display name that is not the code", () => {
    for (const p of AI_PLATFORMS) expect(PLATFORM_NAMES[p], p).not.toBe(p);
    for (const s of SOURCES) expect(SOURCE_NAMES[s], s).not.toBe(s);
    // A code outside the tables (an ad platform in attribution) is shown as it is.
    expect(platformName("google_ads")).toBe("google_ads");
    expect(platformName("unattributed")).toBe("Unattributed");
  });

  it("pages show names, not codes: the journey title, the sessions table and the traffic tables", async () => {
    const client = await owner("names");
    const s = await addSite(client, "names-shop.example");
    const id = await insertSession(s.workspaceId, s.siteId, {
      startedAt: Date.now() - 20 * MINUTE,
      platform: "other_ai",
      purpose: "user_action",
      tier: "verified",
    });
    const journey = await client.get(`/app/sessions/${id}`);
    expect(journey.html).toContain("<h1>Journey of an Other AI session</h1>");
    expect(journey.html).toContain('data-outcome="not_attempted"');
    expect(journey.html).toContain("No purchase attempt");
    const sessions = await client.get("/app/sites/names-shop.example/sessions?period=24h");
    expect(sessions.html).toContain('<td data-label="Platform">Other AI</td>');
    // What it was: acting for a person from the fixture's desktop Chrome, an agentic browser.
    expect(sessions.html).toContain(
      '<td data-label="What it was" data-kind="agentic_browser">Agentic browser acting for a person</td>',
    );
    expect(sessions.html).not.toMatch(/>other_ai<|>user_action</);
    const traffic = await client.get("/app/sites/names-shop.example/traffic?period=24h");
    // Software acting, crawls included: never called a visit (shared/display/display-names.ts).
    expect(traffic.html).toMatch(
      /<tr data-source="ai_assistant_session\/"[^>]*>[\s\S]*?>AI agent \(software acting\)<\/a>/,
    );
    expect(traffic.html).not.toMatch(/>ai_assistant_session<|>other_ai</);
    // The chart's legend labels are names too; the codes stay in data attributes.
    expect(traffic.html).toContain('"label":"Other AI"');
  });

  it("the site switcher lists the workspace's other sites on the same page", async () => {
    const client = await owner("switch");
    await addSite(client, "switch-a.example");
    await addSite(client, "switch-b.example");
    const page = await client.get("/app/sites/switch-a.example/traffic");
    expect(page.html).toContain("Switch site (1 other)");
    expect(page.html).toContain(`href="/app/w/${client.workspace}/sites/switch-b.example/traffic">switch-b.example`);
    expect(page.html).not.toContain(`sites/switch-a.example/traffic">switch-a.example`);
  });
});
