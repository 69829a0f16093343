import { describe, expect, it } from "vitest";
import { DAY, freshKey, getJson, HOUR, insertSession, MINUTE, rollUp, seedSite } from "./traffic-fixtures";

// The AI-agent session list's total_matching is counted from the aggregates the other
// reports read (issue 29, reports at the speed of their aggregates): whole days and hours
// from traffic_daily / traffic_hourly, the rest from `sessions`. Checked here against
// counts made by hand from the seeded sessions, for every filter alone and together,
// before the rollup (everything from `sessions`) and after it, for the list's periods
// (whose edges cut hours); and every page of the list, followed by its cursor, holds exactly that
// many sessions, the same ones the hand filter picks.

interface Page {
  results: Array<{ session_id: string }>;
  next_cursor: string | null;
  has_more: boolean;
  total_matching: number;
}

const PLATFORMS = ["chatgpt", "claude", "perplexity"];
const PURPOSES = ["user_action", "search", "crawl", "unknown"];
const TIERS = ["verified", "declared", "heuristic"];
const OUTCOMES = ["completed", "abandoned", "not_attempted"] as const;

interface Seeded {
  id: string;
  startedAt: number;
  platform: string | null;
  purpose: string;
  tier: string;
  outcome: (typeof OUTCOMES)[number];
}

/**
 * 60 sessions over the last 9 days, every 3 h 37 min from an hour ago: 48 agents in a
 * fixed pattern, 12 people. The nearest to a window's start (24 h, 7 d) is 38 minutes
 * inside it, so the time the test takes never moves one out.
 */
async function seed(domain: string, workspace: string) {
  const key = await freshKey(["traffic:read"], workspace);
  const siteId = await seedSite(key.workspaceId, domain);
  const now = Date.now();
  const sessions: Seeded[] = [];
  for (let i = 0; i < 60; i++) {
    const s: Seeded = {
      id: `s${i}-${siteId}`,
      startedAt: now - HOUR - i * (3 * HOUR + 37 * MINUTE),
      platform: i % 5 === 4 ? null : PLATFORMS[i % 3],
      purpose: PURPOSES[i % 4],
      tier: TIERS[(i * 7) % 3],
      outcome: OUTCOMES[(i * 5) % 3],
    };
    sessions.push(s);
    await insertSession(key.workspaceId, siteId, { ...s, id: s.id });
  }
  return { key, siteId, now, sessions };
}

const FILTERS: Array<Record<string, string>> = [
  {},
  { agent_platform: "chatgpt" },
  { purpose: "search" },
  { tier: "verified" },
  { outcome: "abandoned" },
  { agent_platform: "claude", outcome: "completed" },
  { agent_platform: "perplexity", purpose: "crawl", tier: "heuristic", outcome: "not_attempted" },
  { agent_platform: "perplexity", purpose: "crawl", tier: "heuristic", outcome: "not_applicable" },
  { agent_platform: "gemini" },
];

/** The outcome the API reads: a crawl or search fetch does not shop (shared/vocabulary/session-outcomes.ts). */
const outcomeRead = (s: Seeded) => (s.purpose === "crawl" || s.purpose === "search" ? "not_applicable" : s.outcome);

function byHand(sessions: Seeded[], start: number, end: number, filter: Record<string, string>): string[] {
  return sessions
    .filter((s) => s.platform !== null && s.startedAt >= start && s.startedAt < end)
    .filter(
      (s) =>
        (filter.agent_platform === undefined || s.platform === filter.agent_platform) &&
        (filter.purpose === undefined || s.purpose === filter.purpose) &&
        (filter.tier === undefined || s.tier === filter.tier) &&
        (filter.outcome === undefined || outcomeRead(s) === filter.outcome),
    )
    .map((s) => s.id)
    .sort();
}

/** Every page of the list, by its cursor: the ids listed and each page's total_matching. */
async function allPages(key: Awaited<ReturnType<typeof freshKey>>, query: string) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page: Page = await getJson<Page>(
      key,
      `/traffic/sessions${query}&limit=6${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    ids.push(...page.results.map((r) => r.session_id));
    totals.add(page.total_matching);
    if (!page.has_more) return { ids: ids.sort(), totals: [...totals] };
    cursor = page.next_cursor;
  }
  throw new Error("the list did not end");
}

describe("AI-agent session list: total_matching from the aggregates", () => {
  it("counts what the hand filter counts, before and after the rollup, and its pages list exactly those", async () => {
    const domain = "sessions-totals.example";
    const workspace = `sessions-totals-${crypto.randomUUID()}`;
    const { siteId, now, sessions } = await seed(domain, workspace);
    // The list's windows are its periods, ending at the request (edges inside hours).
    const windows: Array<[string, number]> = [
      ["24h", DAY],
      ["7d", 7 * DAY],
      ["30d", 30 * DAY],
    ];
    const check = async (stage: string) => {
      // A key per stage: the stage's calls stay under one key's read limit (120 a minute).
      const reader = await freshKey(["traffic:read"], workspace);
      for (const [period, length] of windows)
        for (const filter of FILTERS) {
          const query = `?domain=${domain}&period=${period}${Object.keys(filter).length === 0 ? "" : `&${new URLSearchParams(filter)}`}`;
          const expected = byHand(sessions, now - length, now, filter);
          const got = await allPages(reader, query);
          expect(got.totals, `${stage} ${query}`).toEqual([expected.length]);
          expect(got.ids, `${stage} ${query}`).toEqual(expected);
        }
    };
    await check("before the rollup");
    // Every day with a session, rolled up (what the session-end cron does).
    const days = [...new Set(sessions.map((s) => Math.floor(s.startedAt / DAY) * DAY))];
    await rollUp(siteId, ...days);
    await check("after the rollup");
  }, 60_000);
});
