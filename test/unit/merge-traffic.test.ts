import { describe, expect, it } from "vitest";
import { mergeOverviews, mergePurposes, mergeSources, mergeVerification } from "../../shared/reports/merge-traffic";
import type { TrafficOverview, TrafficSources } from "../../shared/reports/report-schemas";

// Two sites' reports over one window added up into the workspace's
// (shared/reports/merge-traffic.ts). Every expected number is added by hand here.

const header = (domain: string) => ({
  domain,
  site_id: `site_${domain}`,
  period: "7d" as const,
  period_start: "2026-11-20T00:00:00.000Z",
  period_end: "2026-11-27T00:00:00.000Z",
  data_status: "ok" as const,
  timezone: "UTC",
});
const axis = { interval: "day" as const, buckets: ["2026-11-20T00:00:00.000Z", "2026-11-21T00:00:00.000Z"] };

function overview(domain: string, o: Partial<TrafficOverview>): Omit<TrafficOverview, "previous" | "data_coverage"> {
  return {
    ...header(domain),
    total_sessions: 0,
    unique_visitors: 0,
    by_platform: [],
    by_outcome: [],
    top_pages: [],
    median_duration_ms: 0,
    by_platform_daily: [],
    by_platform_series: { ...axis, platforms: [] },
    ...o,
  };
}

// a: ChatGPT 3 (one bought), Claude 1; b: ChatGPT 1, Perplexity 2.
const a = overview("a.example", {
  total_sessions: 4,
  unique_visitors: 3,
  median_duration_ms: 9000,
  by_platform: [
    { platform: "chatgpt", sessions: 3, share_pct: 75 },
    { platform: "claude", sessions: 1, share_pct: 25 },
  ],
  by_outcome: [
    { outcome: "completed", sessions: 1 },
    { outcome: "abandoned", sessions: 0 },
    { outcome: "not_attempted", sessions: 3 },
    { outcome: "not_applicable", sessions: 0 },
  ],
  top_pages: [
    { entry_url: "/mug", sessions: 3 },
    { entry_url: "/", sessions: 1 },
  ],
  by_platform_series: {
    ...axis,
    platforms: [
      { platform: "chatgpt", sessions: [1, 2] },
      { platform: "claude", sessions: [0, 1] },
    ],
  },
});
const b = overview("b.example", {
  total_sessions: 3,
  unique_visitors: 3,
  median_duration_ms: 2000,
  by_platform: [
    { platform: "perplexity", sessions: 2, share_pct: 66.7 },
    { platform: "chatgpt", sessions: 1, share_pct: 33.3 },
  ],
  by_outcome: [
    { outcome: "completed", sessions: 0 },
    { outcome: "abandoned", sessions: 1 },
    { outcome: "not_attempted", sessions: 2 },
    { outcome: "not_applicable", sessions: 0 },
  ],
  top_pages: [{ entry_url: "/mug", sessions: 2 }],
  by_platform_series: {
    ...axis,
    platforms: [
      { platform: "perplexity", sessions: [2, 0] },
      { platform: "chatgpt", sessions: [0, 1] },
    ],
  },
});

describe("a workspace's traffic added up from its sites' reports", () => {
  it("adds the overviews' counts, recomputes the shares, keeps each site's pages apart and has no median of medians", () => {
    const m = mergeOverviews([a, b]);
    expect([m.total_sessions, m.unique_visitors, m.median_duration_ms]).toEqual([7, 6, null]);
    // ChatGPT 3 + 1 = 4 of 7 = 57.1%; Perplexity 2 of 7 = 28.6%; Claude 1 of 7 = 14.3%.
    expect(m.by_platform).toEqual([
      { platform: "chatgpt", sessions: 4, share_pct: 57.1 },
      { platform: "perplexity", sessions: 2, share_pct: 28.6 },
      { platform: "claude", sessions: 1, share_pct: 14.3 },
    ]);
    expect(m.by_outcome).toEqual([
      { outcome: "completed", sessions: 1 },
      { outcome: "abandoned", sessions: 1 },
      { outcome: "not_attempted", sessions: 5 },
      { outcome: "not_applicable", sessions: 0 },
    ]);
    expect(m.top_pages).toEqual([
      { domain: "a.example", entry_url: "/mug", sessions: 3 },
      { domain: "b.example", entry_url: "/mug", sessions: 2 },
      { domain: "a.example", entry_url: "/", sessions: 1 },
    ]);
    // Bucket by bucket: ChatGPT [1 + 0, 2 + 1], Perplexity [2, 0], Claude [0, 1].
    expect(m.by_platform_series.platforms).toEqual([
      { platform: "chatgpt", sessions: [1, 3] },
      { platform: "perplexity", sessions: [2, 0] },
      { platform: "claude", sessions: [0, 1] },
    ]);
    // One site: its own median.
    expect(mergeOverviews([a]).median_duration_ms).toBe(9000);
  });

  it("adds sources by source and detail, with the AI share of the sums", () => {
    const count = (by: Array<[string, string | null, number]>, source: string) =>
      by.filter(([s]) => s === source).reduce((n, [, , sessions]) => n + sessions, 0);
    const sources = (domain: string, by: Array<[string, string | null, number]>, coverage = "all_traffic") =>
      ({
        ...header(domain),
        coverage,
        coverage_changed_at: null,
        ai_share_pct: 0,
        // Each site's populations as its own report gives them: agents are ai_assistant_session, people the rest.
        ai_sessions: count(by, "ai_assistant_session") + count(by, "ai_assistant_link"),
        total_sessions: by.reduce((n, [, , s]) => n + s, 0),
        agent_sessions: count(by, "ai_assistant_session"),
        human_visits: by.reduce((n, [, , s]) => n + s, 0) - count(by, "ai_assistant_session"),
        assistant_referred_visits: count(by, "ai_assistant_link"),
        by_source: by.map(([source, sub_source, sessions]) => ({ source, sub_source, sessions, share_pct: 0 })),
        top_referrer_hosts: [],
        top_entry_pages: [],
        top_human_entry_pages: by
          .filter(([source]) => source !== "ai_assistant_session")
          .map(([source, , visits]) => ({ url: `/${source}`, visits })),
        by_source_daily: [],
        by_source_series: { ...axis, sources: [] },
      }) as Omit<TrafficSources, "previous" | "data_coverage">;
    const m = mergeSources([
      sources("a.example", [
        ["ai_assistant_session", "chatgpt", 4],
        ["direct", null, 4],
      ]),
      sources(
        "b.example",
        [
          ["ai_assistant_link", "chatgpt", 1],
          ["direct", null, 1],
        ],
        "ai_and_tagged",
      ),
    ]);
    // AI: 4 + 1 = 5 of 10 = 50%; direct 4 + 1 = 5.
    expect([m.ai_sessions, m.total_sessions, m.ai_share_pct, m.coverage]).toEqual([5, 10, 50, "mixed"]);
    // Agents 4 (a); people 4 + 1 + 1 = 6, 1 of them from ChatGPT's link (b).
    expect([m.agent_sessions, m.human_visits, m.assistant_referred_visits]).toEqual([4, 6, 1]);
    expect(m.by_source.map((s) => [s.source, s.sub_source, s.sessions, s.share_pct])).toEqual([
      ["direct", null, 5, 50],
      ["ai_assistant_session", "chatgpt", 4, 40],
      ["ai_assistant_link", "chatgpt", 1, 10],
    ]);
    // People's entry pages over both sites, each with its site, most visits first: a /direct 4,
    // b /ai_assistant_link 1 and b /direct 1 (a tie, by site then page).
    expect(m.top_human_entry_pages).toEqual([
      { domain: "a.example", url: "/direct", visits: 4 },
      { domain: "b.example", url: "/ai_assistant_link", visits: 1 },
      { domain: "b.example", url: "/direct", visits: 1 },
    ]);
  });

  it("adds purposes and tiers", () => {
    const purpose = (counts: [number, number, number, number]) => ({
      ...header("x"),
      total_sessions: counts.reduce((n, c) => n + c, 0),
      user_action_sessions: counts[0],
      search_sessions: counts[1],
      crawl_sessions: counts[2],
      unknown_sessions: counts[3],
      by_purpose: (["user_action", "search", "crawl", "unknown"] as const).map((p, i) => ({
        purpose: p,
        sessions: counts[i],
        share_pct: 0,
      })),
    });
    const m = mergePurposes([purpose([1, 2, 1, 0]), purpose([0, 2, 1, 0])]);
    // 1, 4, 2, 0 of 7.
    expect(m.by_purpose.map((p) => [p.purpose, p.sessions, p.share_pct])).toEqual([
      ["user_action", 1, 14.3],
      ["search", 4, 57.1],
      ["crawl", 2, 28.6],
      ["unknown", 0, 0],
    ]);
    // f: of the declared, those that failed their operator's published check.
    const tiers = (v: number, d: number, h: number, f: number) => ({
      total_sessions: v + d + h,
      verified_sessions: v,
      declared_sessions: d,
      heuristic_sessions: h,
      failed_verification_sessions: f,
    });
    expect(mergeVerification([tiers(1, 3, 0, 2), tiers(0, 1, 2, 1)])).toEqual(tiers(1, 4, 2, 3));
  });
});
