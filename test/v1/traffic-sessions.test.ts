import { describe, expect, it } from "vitest";
import { DAY, freshKey, get, getJson, HOUR, insertSession, MINUTE, seedSite } from "./traffic-fixtures";

interface Item {
  session_id: string;
  agent_platform: string;
  purpose: string;
  tier: string;
  verification: string;
  outcome: string;
  agent_kind: string;
  outcome_settled: boolean;
  started_at: string;
  duration_ms: number;
  page_count: number;
  entry_url: string;
  exit_url: string;
}
interface Page {
  data_status: string;
  results: Item[];
  next_cursor: string;
  has_more: boolean;
  total_matching: number;
}

// By hand, relative to now (N), window 7d (agent sessions only):
// a1 chatgpt    user_action verified  completed           N-1h   → in
// a2 chatgpt    search      declared  abandoned           N-2h   → in (a search fetch: outcome not_applicable)
// a3 perplexity crawl       heuristic not_attempted       N-3h   → in (a crawl: outcome not_applicable)
// a4 claude     user_action declared  open, cart reached  N-10m  → in (outcome so far: abandoned, unsettled)
// h1 human                            completed           N-30m  → out (not an agent)
// o1 chatgpt    user_action declared  completed           N-8d   → out (before the window)
async function seed(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const n = Date.now();
  const add = (id: string, spec: Parameters<typeof insertSession>[2]) =>
    insertSession(key.workspaceId, siteId, { id: `${id}-${siteId}`, ...spec });
  await add("a1", {
    startedAt: n - HOUR,
    platform: "chatgpt",
    purpose: "user_action",
    tier: "verified",
    outcome: "completed",
    pageCount: 4,
    entryUrl: "/",
    exitUrl: "/thanks",
  });
  await add("a2", {
    startedAt: n - 2 * HOUR,
    platform: "chatgpt",
    purpose: "search",
    tier: "declared",
    // Outside OpenAI's published ranges: its operator's check failed (likely spoofed).
    signals: ["declared_user_agent", "verification_failed"],
    outcome: "abandoned",
  });
  await add("a3", {
    startedAt: n - 3 * HOUR,
    platform: "perplexity",
    purpose: "crawl",
    tier: "heuristic",
    outcome: "not_attempted",
  });
  await add("a4", {
    startedAt: n - 10 * MINUTE,
    platform: "claude",
    purpose: "user_action",
    tier: "declared",
    outcome: null,
    reachedCart: true,
  });
  await add("h1", { startedAt: n - 30 * MINUTE, platform: null, outcome: "completed" });
  await add("o1", { startedAt: n - 8 * DAY, platform: "chatgpt", purpose: "user_action", outcome: "completed" });
  return { key, siteId, id: (s: string) => `${s}-${siteId}` };
}

const ids = (p: Page) => p.results.map((r) => r.session_id.split("-")[0]);

describe("GET /api/v1/traffic/sessions", () => {
  it("lists every AI-agent session of the window, newest first, open ones with their outcome so far", async () => {
    const s = await seed("sessions.example");
    const page = await getJson<Page>(s.key, "/traffic/sessions?domain=sessions.example");
    expect(ids(page)).toEqual(["a4", "a1", "a2", "a3"]);
    // Each row says whether its identity was checked and how it came out, beside its unchanged tier.
    expect(page.results.map((r) => [r.tier, r.verification])).toEqual([
      ["declared", "unchecked"],
      ["verified", "verified"],
      ["declared", "failed"],
      ["heuristic", "inferred"],
    ]);
    expect(page.total_matching).toBe(4);
    expect(page.has_more).toBe(false);
    expect(page.results[0]).toMatchObject({ agent_platform: "claude", outcome: "abandoned", outcome_settled: false });
    // What each was: a1 and a4 act for a person from a browser (the fixture's desktop Chrome), a2 a search fetch, a3 a crawl.
    expect(page.results.map((r) => r.agent_kind)).toEqual([
      "agentic_browser",
      "agentic_browser",
      "search_fetch",
      "crawl",
    ]);
    expect(page.results.map((r) => r.outcome)).toEqual(["abandoned", "completed", "not_applicable", "not_applicable"]);
    expect(page.results[1]).toMatchObject({
      session_id: s.id("a1"),
      agent_platform: "chatgpt",
      purpose: "user_action",
      tier: "verified",
      outcome: "completed",
      outcome_settled: true,
      page_count: 4,
      entry_url: "/",
      exit_url: "/thanks",
    });
  });

  it("filters by platform, purpose, tier and outcome, and counts the matches", async () => {
    const s = await seed("filters.example");
    const q = (f: string) => getJson<Page>(s.key, `/traffic/sessions?domain=filters.example&${f}`);
    expect(ids(await q("agent_platform=chatgpt"))).toEqual(["a1", "a2"]);
    expect(ids(await q("purpose=user_action"))).toEqual(["a4", "a1"]);
    expect(ids(await q("tier=declared"))).toEqual(["a4", "a2"]);
    // a2 reached the cart but is a search fetch: it did not leave a cart (shared/vocabulary/session-outcomes.ts).
    expect(ids(await q("outcome=abandoned"))).toEqual(["a4"]);
    expect(ids(await q("outcome=not_applicable"))).toEqual(["a2", "a3"]);
    const both = await q("purpose=user_action&outcome=abandoned");
    expect(ids(both)).toEqual(["a4"]);
    expect(both.total_matching).toBe(1);
  });

  it("reaches every journey: each listed id opens at /traffic/sessions/{session_id}", async () => {
    const s = await seed("journeys.example");
    const page = await getJson<Page>(s.key, "/traffic/sessions?domain=journeys.example");
    for (const item of page.results) {
      const journey = await getJson<{ session_id: string }>(s.key, `/traffic/sessions/${item.session_id}`);
      expect(journey.session_id).toBe(item.session_id);
    }
  });

  it("pages with a cursor bound to its filters, and refuses a bad filter value", async () => {
    const s = await seed("paging.example");
    const base = "/traffic/sessions?domain=paging.example&limit=3";
    const p1 = await getJson<Page>(s.key, base);
    expect(ids(p1)).toEqual(["a4", "a1", "a2"]);
    expect(p1.has_more).toBe(true);
    const p2 = await getJson<Page>(s.key, `${base}&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect(ids(p2)).toEqual(["a3"]);
    expect(p2.has_more).toBe(false);
    const foreign = await get(s.key, `${base}&tier=verified&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ code: "invalid_cursor" });
    const bad = await get(s.key, "/traffic/sessions?domain=paging.example&outcome=won");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request" });
  });

  it("takes a custom window (from/to) as the traffic reports do, keeps it through the cursor, and refuses a bad one", async () => {
    const s = await seed("custom-window.example");
    const n = Date.now();
    // [N-2h30m, N-30m): a1 (N-1h) and a2 (N-2h); a3 (N-3h) is before it, a4 (N-10m) after.
    const window = `from=${new Date(n - 150 * MINUTE).toISOString()}&to=${new Date(n - 30 * MINUTE).toISOString()}`;
    const base = `/traffic/sessions?domain=custom-window.example&${window}`;
    const all = await getJson<Page & { period: string }>(s.key, base);
    expect(ids(all)).toEqual(["a1", "a2"]);
    expect([all.total_matching, all.has_more, all.period]).toEqual([2, false, "custom"]);
    const p1 = await getJson<Page>(s.key, `${base}&limit=1`);
    expect([ids(p1), p1.has_more]).toEqual([["a1"], true]);
    const p2 = await getJson<Page>(s.key, `${base}&limit=1&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect([ids(p2), p2.has_more, p2.total_matching]).toEqual([["a2"], false, 2]);
    for (const bad of [`to=${new Date(n).toISOString()}`, `from=${new Date(n + HOUR).toISOString()}`]) {
      const res = await get(s.key, `/traffic/sessions?domain=custom-window.example&${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_window" });
    }
  });

  it("says no_events_yet for an empty window and 404 site_not_found for another workspace's domain", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "empty.example");
    const page = await getJson<Page>(key, "/traffic/sessions?domain=empty.example");
    expect(page).toMatchObject({ data_status: "no_events_yet", results: [], total_matching: 0, has_more: false });
    const s = await seed("mine.example");
    const res = await get(key, "/traffic/sessions?domain=mine.example");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "site_not_found" });
    expect(s.siteId).toBeTruthy();
  });
});
