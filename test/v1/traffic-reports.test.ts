import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inShard } from "../helpers/shard";
import {
  DAY,
  dayOf,
  freshKey,
  getJson,
  HOUR,
  insertSession,
  iso,
  rollUp,
  SECOND,
  seedSite,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

// One hand-built site: five AI-agent sessions and three human ones over two past UTC
// days (d1, d2). Every expected number below is counted by hand from this table. The
// outcome column is what is stored; the reports read a crawl's or search fetch's outcome
// as `not_applicable` (shared/vocabulary/session-outcomes.ts).
//
// id  day  start  platform    purpose      tier       outcome        dur(ms) entry  visitor  source (sub / referrer)
// s1  d1   01:00  chatgpt     user_action  verified   completed      10000   /p/a   a        ai_assistant_session
// s2  d1   02:00  chatgpt     user_action  declared   abandoned       4000   /p/a   a        ai_assistant_session
// s3  d1   03:00  perplexity  search       declared   not_attempted   2000   /p/b   b        ai_assistant_link (perplexity / perplexity.ai)
// s4  d2   01:00  claude      crawl        heuristic  not_attempted  30000   /      c        direct
// s5  d2   05:00  chatgpt     search       verified   not_attempted   6000   /p/b   a2       ai_assistant_session
// h1  d1   04:00  (human)                             completed       9000   /      h        search (google / google.com)
// h2  d2   02:00  (human)                             not_attempted   1000   /p/a   i        direct
// h3  d2   03:00  (human)                             abandoned       3000   /      j        referral (news.example / news.example)
// Signed: s1 and s5 by https://chatgpt.com (listed: OpenAI), s2 by https://agent.unlisted.example
// (a valid signature by a key no listed operator serves, hence declared). s3 failed its
// operator's published check (signal verification_failed): declared, 1 failed verification.
async function seedTwoDays(domain: string, coverage?: { coverage: "ai_and_tagged"; coverageChangedAt: number }) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain, coverage);
  const d1 = todayStart() - 3 * DAY;
  const d2 = d1 + DAY;
  const ws = key.workspaceId;
  const at = (day: number, h: number) => day + h * HOUR;
  await insertSession(ws, siteId, {
    startedAt: at(d1, 1),
    platform: "chatgpt",
    purpose: "user_action",
    tier: "verified",
    outcome: "completed",
    durationMs: 10_000,
    entryUrl: "/p/a",
    visitor: "a",
    signerOrigin: "https://chatgpt.com",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d1, 2),
    platform: "chatgpt",
    purpose: "user_action",
    tier: "declared",
    outcome: "abandoned",
    durationMs: 4_000,
    entryUrl: "/p/a",
    visitor: "a",
    signerOrigin: "https://agent.unlisted.example",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d1, 3),
    platform: "perplexity",
    purpose: "search",
    tier: "declared",
    signals: ["declared_user_agent", "verification_failed"],
    outcome: "not_attempted",
    durationMs: 2_000,
    entryUrl: "/p/b",
    visitor: "b",
    source: "ai_assistant_link",
    subSource: "perplexity",
    referrerHost: "perplexity.ai",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d2, 1),
    platform: "claude",
    purpose: "crawl",
    tier: "heuristic",
    outcome: "not_attempted",
    durationMs: 30_000,
    entryUrl: "/",
    visitor: "c",
    source: "direct",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d2, 5),
    platform: "chatgpt",
    purpose: "search",
    tier: "verified",
    outcome: "not_attempted",
    durationMs: 6_000,
    entryUrl: "/p/b",
    visitor: "a2",
    signerOrigin: "https://chatgpt.com",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d1, 4),
    outcome: "completed",
    durationMs: 9_000,
    entryUrl: "/",
    visitor: "h",
    source: "search",
    subSource: "google",
    referrerHost: "google.com",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d2, 2),
    outcome: "not_attempted",
    durationMs: 1_000,
    entryUrl: "/p/a",
    visitor: "i",
    source: "direct",
  });
  await insertSession(ws, siteId, {
    startedAt: at(d2, 3),
    outcome: "abandoned",
    durationMs: 3_000,
    entryUrl: "/",
    visitor: "j",
    source: "referral",
    subSource: "news.example",
    referrerHost: "news.example",
  });
  return { key, siteId, d1, d2, query: windowQuery(domain, d1, d2 + DAY) };
}

const header = (domain: string, siteId: string, d1: number, d2: number) => ({
  domain,
  site_id: siteId,
  period: "custom",
  period_start: iso(d1),
  period_end: iso(d2 + DAY),
  data_status: "ok",
  // No `timezone` parameter: UTC, echoed (docs/reports.md "Time zones").
  timezone: "UTC",
});

const expectedOverview = {
  total_sessions: 5,
  // d1: {a, b} = 2, d2: {c, a2} = 2 → 4 (daily hashes summed over days)
  unique_visitors: 4,
  by_platform: [
    { platform: "chatgpt", sessions: 3, share_pct: 60 },
    { platform: "claude", sessions: 1, share_pct: 20 },
    { platform: "perplexity", sessions: 1, share_pct: 20 },
  ],
  by_outcome: [
    { outcome: "completed", sessions: 1 },
    { outcome: "abandoned", sessions: 1 },
    // s3, s4, s5 are search fetches and a crawl: they do not shop, whatever their pages.
    { outcome: "not_attempted", sessions: 0 },
    { outcome: "not_applicable", sessions: 3 },
  ],
  top_pages: [
    { entry_url: "/p/a", sessions: 2 },
    { entry_url: "/p/b", sessions: 2 },
    { entry_url: "/", sessions: 1 },
  ],
  // durations 2000, 4000, 6000, 10000, 30000 → middle value
  median_duration_ms: 6000,
};

const expectedPurpose = {
  total_sessions: 5,
  user_action_sessions: 2,
  search_sessions: 2,
  crawl_sessions: 1,
  unknown_sessions: 0,
  by_purpose: [
    { purpose: "user_action", sessions: 2, share_pct: 40 },
    { purpose: "search", sessions: 2, share_pct: 40 },
    { purpose: "crawl", sessions: 1, share_pct: 20 },
    { purpose: "unknown", sessions: 0, share_pct: 0 },
  ],
};

const expectedVerification = {
  total_sessions: 5,
  verified_sessions: 2,
  declared_sessions: 2,
  heuristic_sessions: 1,
  failed_verification_sessions: 1,
  by_platform: [
    {
      platform: "chatgpt",
      sessions: 3,
      verified: 2,
      declared: 1,
      heuristic: 0,
      failed_verification: 0,
      tier: "verified",
    },
    {
      platform: "claude",
      sessions: 1,
      verified: 0,
      declared: 0,
      heuristic: 1,
      failed_verification: 0,
      tier: "heuristic",
    },
    {
      platform: "perplexity",
      sessions: 1,
      verified: 0,
      declared: 1,
      heuristic: 0,
      failed_verification: 1,
      tier: "declared",
    },
  ],
  signed_sessions: 3,
  signers: 2,
  by_signer: [
    {
      signer_origin: "https://chatgpt.com",
      listed: true,
      operator: "OpenAI",
      verifies_platform: "chatgpt",
      sessions: 2,
      verified: 2,
      declared: 0,
      heuristic: 0,
    },
    {
      signer_origin: "https://agent.unlisted.example",
      listed: false,
      operator: null,
      verifies_platform: null,
      sessions: 1,
      verified: 0,
      declared: 1,
      heuristic: 0,
    },
  ],
};

const expectedSources = (d1: number, d2: number) => ({
  coverage: "all_traffic",
  coverage_changed_at: null,
  // ai_assistant_session s1 s2 s5 + ai_assistant_link s3 = 4 of 8
  ai_share_pct: 50,
  ai_sessions: 4,
  total_sessions: 8,
  // Who made them: the 5 agents s1-s5 (s3 arrived by a link, s4 direct: still agents), the
  // 3 people h1-h3, none of whom came from an AI assistant's link.
  agent_sessions: 5,
  human_visits: 3,
  assistant_referred_visits: 0,
  by_source: [
    { source: "ai_assistant_session", sub_source: null, sessions: 3, share_pct: 37.5 },
    { source: "direct", sub_source: null, sessions: 2, share_pct: 25 },
    { source: "ai_assistant_link", sub_source: "perplexity", sessions: 1, share_pct: 12.5 },
    { source: "referral", sub_source: "news.example", sessions: 1, share_pct: 12.5 },
    { source: "search", sub_source: "google", sessions: 1, share_pct: 12.5 },
  ],
  top_referrer_hosts: [
    { host: "google.com", sessions: 1 },
    { host: "news.example", sessions: 1 },
    { host: "perplexity.ai", sessions: 1 },
  ],
  top_entry_pages: [
    {
      url: "/",
      sessions: 3,
      by_source: [
        { source: "direct", sessions: 1 },
        { source: "referral", sessions: 1 },
        { source: "search", sessions: 1 },
      ],
    },
    {
      url: "/p/a",
      sessions: 3,
      by_source: [
        { source: "ai_assistant_session", sessions: 2 },
        { source: "direct", sessions: 1 },
      ],
    },
    {
      url: "/p/b",
      sessions: 2,
      by_source: [
        { source: "ai_assistant_link", sessions: 1 },
        { source: "ai_assistant_session", sessions: 1 },
      ],
    },
  ],
  // People's entry pages: h1 and h3 entered on /, h2 on /p/a (the agents' s1-s5 left out).
  top_human_entry_pages: [
    { url: "/", visits: 2 },
    { url: "/p/a", visits: 1 },
  ],
  by_source_daily: [
    { day: dayOf(d1), source: "ai_assistant_session", sessions: 2 },
    { day: dayOf(d1), source: "ai_assistant_link", sessions: 1 },
    { day: dayOf(d1), source: "search", sessions: 1 },
    { day: dayOf(d2), source: "direct", sessions: 2 },
    { day: dayOf(d2), source: "ai_assistant_session", sessions: 1 },
    { day: dayOf(d2), source: "referral", sessions: 1 },
  ],
});

// By day, then most sessions, then name: d1 chatgpt {s1, s2}, perplexity {s3}; d2
// chatgpt {s5}, claude {s4}.
const expectedPlatformDaily = (d1: number, d2: number) => [
  { day: dayOf(d1), platform: "chatgpt", sessions: 2 },
  { day: dayOf(d1), platform: "perplexity", sessions: 1 },
  { day: dayOf(d2), platform: "chatgpt", sessions: 1 },
  { day: dayOf(d2), platform: "claude", sessions: 1 },
];

/** A zero-filled count array of `n` buckets with the given counts at the given indexes. */
const counts = (n: number, at: Record<number, number>) => Array.from({ length: n }, (_, i) => at[i] ?? 0);

/** The window [d1, d2 + 1 day) is 48 hours: hourly series by default, bucket i = hour i from d1 00:00 UTC. */
const hourBuckets = (d1: number) => Array.from({ length: 48 }, (_, i) => iso(d1 + i * HOUR));

// Hour index = (day - d1) * 24 + start hour: s1 1, s2 2, s3 3, h1 4, s4 25, h2 26, h3 27, s5 29.
const expectedPlatformSeries = (d1: number) => ({
  interval: "hour",
  buckets: hourBuckets(d1),
  platforms: [
    { platform: "chatgpt", sessions: counts(48, { 1: 1, 2: 1, 29: 1 }) },
    { platform: "claude", sessions: counts(48, { 25: 1 }) },
    { platform: "perplexity", sessions: counts(48, { 3: 1 }) },
  ],
});

const expectedSourceSeries = (d1: number) => ({
  interval: "hour",
  buckets: hourBuckets(d1),
  sources: [
    { source: "ai_assistant_session", sessions: counts(48, { 1: 1, 2: 1, 29: 1 }) },
    { source: "direct", sessions: counts(48, { 25: 1, 26: 1 }) },
    { source: "ai_assistant_link", sessions: counts(48, { 3: 1 }) },
    { source: "referral", sessions: counts(48, { 27: 1 }) },
    { source: "search", sessions: counts(48, { 4: 1 }) },
  ],
});

async function expectAllReports(domain: string, s: Awaited<ReturnType<typeof seedTwoDays>>) {
  // The seeded site has no snippet signal, no drain and no server-side record: coverage none.
  const h = { ...header(domain, s.siteId, s.d1, s.d2), data_coverage: expect.objectContaining({ kind: "none" }) };
  expect(await getJson(s.key, `/traffic/overview${s.query}`)).toEqual({
    ...h,
    ...expectedOverview,
    by_platform_daily: expectedPlatformDaily(s.d1, s.d2),
    by_platform_series: expectedPlatformSeries(s.d1),
  });
  expect(await getJson(s.key, `/traffic/purpose-split${s.query}`)).toEqual({ ...h, ...expectedPurpose });
  expect(await getJson(s.key, `/traffic/verification${s.query}`)).toEqual({ ...h, ...expectedVerification });
  expect(await getJson(s.key, `/traffic/sources${s.query}`)).toEqual({
    ...h,
    ...expectedSources(s.d1, s.d2),
    by_source_series: expectedSourceSeries(s.d1),
  });
}

describe("traffic reports over a hand-built session set", () => {
  it("gives every field of every report from the sessions table before any rollup (days not yet aggregated)", async () => {
    const s = await seedTwoDays("live.example");
    await expectAllReports("live.example", s);
  }, 30_000);

  it("gives the same numbers once the rollup has aggregated both days", async () => {
    const s = await seedTwoDays("rolled.example");
    await rollUp(s.siteId, s.d1, s.d2);
    await expectAllReports("rolled.example", s);
  });

  it("gives the same numbers with one day aggregated and the other still dirty", async () => {
    const s = await seedTwoDays("mixed.example");
    await rollUp(s.siteId, s.d1);
    await expectAllReports("mixed.example", s);
  });

  it("reads whole aggregated past days from the daily tables, not from sessions", async () => {
    const s = await seedTwoDays("agg-proof.example");
    await rollUp(s.siteId, s.d1, s.d2);
    // Remove the human sessions' rows behind the aggregates' back: a report that read
    // sessions would lose them; the aggregates still hold them.
    await inShard(env.ANALYTICS_SHARD, s.siteId, (db) =>
      db.prepare("DELETE FROM sessions WHERE site_id = ? AND agent_platform IS NULL").bind(s.siteId).run(),
    );
    const sources = await getJson<{ total_sessions: number }>(s.key, `/traffic/sources${s.query}`);
    expect(sources.total_sessions).toBe(8);
  });

  it("re-reads a past day from sessions when a session there changed after its rollup", async () => {
    const s = await seedTwoDays("stale.example");
    await rollUp(s.siteId, s.d1, s.d2);
    // A late-settling session on d2 (consumer upsert: dirty, not settled yet) with cart evidence.
    await insertSession(s.key.workspaceId, s.siteId, {
      startedAt: s.d2 + 23 * HOUR,
      platform: "gemini",
      purpose: "user_action",
      tier: "declared",
      outcome: null,
      reachedCart: true,
      durationMs: 8_000,
      entryUrl: "/cart",
      visitor: "late",
    });
    const o = await getJson<typeof expectedOverview>(s.key, `/traffic/overview${s.query}`);
    expect(o.total_sessions).toBe(6);
    expect(o.unique_visitors).toBe(5);
    // The open session counts with the outcome its evidence gives so far: abandoned.
    expect(o.by_outcome).toEqual([
      { outcome: "completed", sessions: 1 },
      { outcome: "abandoned", sessions: 2 },
      { outcome: "not_attempted", sessions: 0 },
      { outcome: "not_applicable", sessions: 3 },
    ]);
    // 2000, 4000, 6000, 8000, 10000, 30000 → (6000 + 8000) / 2
    expect(o.median_duration_ms).toBe(7000);
    expect(o.by_platform).toContainEqual({ platform: "gemini", sessions: 1, share_pct: 16.7 });
  });

  it("reports coverage and coverage_changed_at from the site", async () => {
    const changed = Date.UTC(2026, 9, 1, 12, 0, 0);
    const s = await seedTwoDays("tagged.example", { coverage: "ai_and_tagged", coverageChangedAt: changed });
    const sources = await getJson<{ coverage: string; coverage_changed_at: string }>(
      s.key,
      `/traffic/sources${s.query}`,
    );
    expect(sources.coverage).toBe("ai_and_tagged");
    expect(sources.coverage_changed_at).toBe("2026-10-01T12:00:00.000Z");
  });

  it("takes the mean of the two middle durations for an even count and one decimal shares", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "even.example");
    const t = Date.now() - 2 * HOUR;
    for (const [i, d] of [1000, 2001, 4000, 9999, 3000, 50].entries()) {
      await insertSession(key.workspaceId, siteId, {
        startedAt: t + i * SECOND,
        platform: i < 1 ? "claude" : "chatgpt",
        durationMs: d,
      });
    }
    const o = await getJson<typeof expectedOverview>(key, "/traffic/overview?domain=even.example&period=24h");
    // sorted: 50, 1000, 2001, 3000, 4000, 9999 → (2001 + 3000) / 2 = 2500.5 → 2501
    expect(o.median_duration_ms).toBe(2501);
    // 5 of 6 = 83.33… → 83.3; 1 of 6 = 16.66… → 16.7
    expect(o.by_platform).toEqual([
      { platform: "chatgpt", sessions: 5, share_pct: 83.3 },
      { platform: "claude", sessions: 1, share_pct: 16.7 },
    ]);
  });

  // The filters' rules are tested on the use case (reads/traffic-filters.test.ts); here,
  // that the query carries them and a bad value is the API's 400.
  it("takes the traffic filters as query parameters and refuses a value outside a vocabulary", async () => {
    const { key, d1 } = await seedTwoDays("filtered.example");
    const q = windowQuery("filtered.example", d1, d1 + 2 * DAY);
    // chatgpt: s1, s2, s5; of them user_action: s1, s2.
    const o = await getJson<{ total_sessions: number }>(key, `/traffic/overview${q}&agent_platform=chatgpt`);
    expect(o.total_sessions).toBe(3);
    const both = await getJson<{ total_sessions: number }>(
      key,
      `/traffic/purpose-split${q}&agent_platform=chatgpt&purpose=user_action`,
    );
    expect(both.total_sessions).toBe(2);
    // Sessions entering on /p/a: s1, s2 and h2.
    const sources = await getJson<{ total_sessions: number }>(key, `/traffic/sources${q}&entry_page=%2Fp%2Fa`);
    expect(sources.total_sessions).toBe(3);
    const bad = await getJson<{ code: string }>(key, `/traffic/overview${q}&purpose=shopping`, 400);
    expect(bad.code).toBe("invalid_request");
  });
});
