import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { trafficReport } from "../../../shared/reads/traffic-report";
import type { TrafficFilters } from "../../../shared/reports/traffic-filters";
import { seedSite } from "../../helpers/seed";
import { testContext } from "../../helpers/test-context";
import { DAY, HOUR, insertSession, iso, rollUp, SECOND, todayStart } from "../traffic-fixtures";

// The traffic report's filters (shared/reports/traffic-filters.ts) through the use case:
// each filter narrows every report of the request at once, read the same from `sessions`
// (before the rollup) and from the aggregates (after it). Every expected number is counted
// by hand from the world below.

const ALL = { overview: {}, purpose: {}, sources: {}, verification: {} } as const;

async function world() {
  const domain = `filters-${crypto.randomUUID().slice(0, 8)}.example`;
  const { id: siteId, workspaceId } = await seedSite(env.DB, { domain });
  const d = todayStart() - 3 * DAY;
  const at = (h: number) => d + h * HOUR;
  const session = (spec: Parameters<typeof insertSession>[2]) => insertSession(workspaceId, siteId, spec);
  // 1. ChatGPT for a person: declared, from its own visit, on the mug, bought; 20 s.
  await session({
    startedAt: at(1),
    platform: "chatgpt",
    purpose: "user_action",
    tier: "declared",
    subSource: "chatgpt",
    entryUrl: "/products/mug",
    outcome: "completed",
    durationMs: 20 * SECOND,
  });
  // 2. ChatGPT search: verified, on the mug, no purchase attempt; 40 s.
  await session({
    startedAt: at(2),
    platform: "chatgpt",
    purpose: "search",
    tier: "verified",
    subSource: "chatgpt",
    entryUrl: "/products/mug",
    durationMs: 40 * SECOND,
  });
  // 3. ClaudeBot crawl: declared, on the checkout, left the cart; 5 s.
  await session({
    startedAt: at(3),
    platform: "claude",
    purpose: "crawl",
    tier: "declared",
    subSource: "claude",
    entryUrl: "/checkout",
    outcome: "abandoned",
    durationMs: 5 * SECOND,
  });
  // 4. Perplexity search: inferred, on the teapot; 60 s.
  await session({
    startedAt: at(4),
    platform: "perplexity",
    purpose: "search",
    tier: "heuristic",
    subSource: "perplexity",
    entryUrl: "/products/teapot",
    durationMs: 60 * SECOND,
  });
  // 5. A person from a ChatGPT answer's link, on the mug, bought.
  await session({
    startedAt: at(5),
    source: "ai_assistant_link",
    subSource: "chatgpt",
    referrerHost: "chatgpt.com",
    entryUrl: "/products/mug",
    outcome: "completed",
  });
  // 6. A person from Google, on the home page.
  await session({ startedAt: at(6), source: "search", subSource: "google", referrerHost: "google.com", entryUrl: "/" });
  // The day before (the previous period of the one-day window): one ChatGPT session.
  await session({ startedAt: d - 5 * HOUR, platform: "chatgpt", purpose: "search", subSource: "chatgpt" });
  return { domain, siteId, workspaceId, d };
}

type World = Awaited<ReturnType<typeof world>>;

async function report(w: World, filters: TrafficFilters) {
  const r = await trafficReport(testContext({ workspaceId: w.workspaceId }), {
    domain: w.domain,
    from: iso(w.d),
    to: iso(w.d + DAY),
    reports: { ...ALL, overview: { compare: "previous" } },
    ...filters,
  });
  if (!r.ok) throw new Error(r.code);
  return r.value;
}

/** What the reports say, in the shape of the hand counts below. */
async function counts(w: World, filters: TrafficFilters) {
  const r = await report(w, filters);
  return {
    agents: r.overview.total_sessions,
    visitors: r.overview.unique_visitors,
    median: r.overview.median_duration_ms,
    platforms: r.overview.by_platform.map((p) => `${p.platform} ${p.sessions}`),
    outcomes: r.overview.by_outcome.filter((o) => o.sessions > 0).map((o) => `${o.outcome} ${o.sessions}`),
    pages: r.overview.top_pages.map((p) => `${p.entry_url} ${p.sessions}`),
    purposes: r.purpose.by_purpose.filter((p) => p.sessions > 0).map((p) => `${p.purpose} ${p.sessions}`),
    all: r.sources.total_sessions,
    sources: r.sources.by_source.map((s) => `${s.source}/${s.sub_source ?? ""} ${s.sessions}`),
    hosts: r.sources.top_referrer_hosts.map((h) => `${h.host} ${h.sessions}`),
    entry: r.sources.top_entry_pages.map((p) => `${p.url} ${p.sessions}`),
    tiers: [r.verification.verified_sessions, r.verification.declared_sessions, r.verification.heuristic_sessions],
    previous: r.overview.previous?.total_sessions,
  };
}

// Hand counts per filter, from the six sessions of the window and the one before it.
const EXPECTED: Array<[string, TrafficFilters, Partial<Awaited<ReturnType<typeof counts>>>]> = [
  [
    "an AI platform",
    { agent_platform: "chatgpt" },
    {
      agents: 2,
      visitors: 2,
      median: 30_000,
      platforms: ["chatgpt 2"],
      // The search fetch does not shop: not_applicable, not "no purchase attempt".
      outcomes: ["completed 1", "not_applicable 1"],
      pages: ["/products/mug 2"],
      purposes: ["user_action 1", "search 1"],
      all: 2,
      sources: ["ai_assistant_session/chatgpt 2"],
      hosts: [],
      entry: ["/products/mug 2"],
      tiers: [1, 1, 0],
      previous: 1,
    },
  ],
  [
    "a purpose",
    { purpose: "search" },
    {
      agents: 2,
      median: 50_000,
      platforms: ["chatgpt 1", "perplexity 1"],
      pages: ["/products/mug 1", "/products/teapot 1"],
      purposes: ["search 2"],
      all: 2,
      tiers: [1, 0, 1],
      previous: 1,
    },
  ],
  [
    "a source (people from an AI assistant's link)",
    { source: "ai_assistant_link" },
    {
      agents: 0,
      median: 0,
      platforms: [],
      pages: [],
      all: 1,
      sources: ["ai_assistant_link/chatgpt 1"],
      hosts: ["chatgpt.com 1"],
      entry: ["/products/mug 1"],
      previous: 0,
    },
  ],
  [
    "an entry page",
    { entry_page: "/products/mug" },
    {
      agents: 2,
      platforms: ["chatgpt 2"],
      pages: ["/products/mug 2"],
      all: 3,
      sources: ["ai_assistant_session/chatgpt 2", "ai_assistant_link/chatgpt 1"],
      entry: ["/products/mug 3"],
    },
  ],
  [
    "an outcome",
    { outcome: "completed" },
    { agents: 1, outcomes: ["completed 1"], all: 2, median: 20_000, tiers: [0, 1, 0], previous: 0 },
  ],
  // ClaudeBot's crawl of /checkout (stored abandoned) left no cart: nothing is abandoned.
  ["an outcome a crawl cannot have", { outcome: "abandoned" }, { agents: 0, all: 0, outcomes: [] }],
  [
    "the outcome of agents that do not shop",
    { outcome: "not_applicable" },
    {
      agents: 3,
      platforms: ["chatgpt 1", "claude 1", "perplexity 1"],
      outcomes: ["not_applicable 3"],
      purposes: ["search 2", "crawl 1"],
      all: 3,
      previous: 1,
    },
  ],
  ["a tier", { tier: "declared" }, { agents: 2, platforms: ["chatgpt 1", "claude 1"], tiers: [0, 2, 0] }],
  ["a referrer host", { referrer_host: "google.com" }, { agents: 0, all: 1, sources: ["search/google 1"] }],
  ["a source detail", { sub_source: "claude" }, { agents: 1, platforms: ["claude 1"], pages: ["/checkout 1"] }],
  [
    "two filters at once",
    { agent_platform: "chatgpt", purpose: "search" },
    { agents: 1, median: 40_000, purposes: ["search 1"], tiers: [1, 0, 0], previous: 1 },
  ],
];

describe("traffic report filters (use case)", () => {
  for (const [what, filters, expected] of EXPECTED)
    it(`narrows every report to ${what}, alike from sessions and from the aggregates`, async () => {
      const w = await world();
      const live = await counts(w, filters);
      expect(live).toMatchObject(expected);
      await rollUp(w.siteId, w.d - DAY, w.d);
      const rolled = await counts(w, filters);
      expect(rolled).toMatchObject(expected);
      expect(rolled).toEqual(live);
    });

  it("without a filter, counts the whole window (the filters' parts sum to it)", async () => {
    const w = await world();
    const all = await counts(w, {});
    expect([all.agents, all.all]).toEqual([4, 6]);
    const byPlatform = await Promise.all(
      ["chatgpt", "claude", "perplexity"].map(async (p) => (await counts(w, { agent_platform: p })).agents),
    );
    expect(byPlatform.reduce((a, b) => a + b, 0)).toBe(all.agents);
  });

  it("binds a filter's value: a quote or SQL in it matches nothing and breaks nothing", async () => {
    const w = await world();
    const hostile = await counts(w, { entry_page: "/' OR 1=1 --", agent_platform: "x') OR ('1'='1" });
    expect([hostile.agents, hostile.all]).toEqual([0, 0]);
  });
});
