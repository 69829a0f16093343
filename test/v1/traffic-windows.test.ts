import { describe, expect, it } from "vitest";
import {
  DAY,
  freshKey,
  get,
  getJson,
  HOUR,
  insertSession,
  iso,
  MINUTE,
  rollUp,
  seedSite,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

interface Overview {
  period: string;
  period_start: string;
  period_end: string;
  data_status: string;
  total_sessions: number;
}

const REPORTS = ["overview", "purpose-split", "sources", "verification"] as const;

describe("report windows: [period_start, period_end), by session start", () => {
  it("counts a session starting exactly at period_start and not one starting exactly at period_end (whole day, before and after the rollup)", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "edges.example");
    const d1 = todayStart() - 5 * DAY;
    const d2 = d1 + DAY;
    for (const startedAt of [d1 - 1, d1, d2 - 1, d2]) {
      await insertSession(key.workspaceId, siteId, { startedAt, platform: "chatgpt", durationMs: 1 });
    }
    const q = `/traffic/overview${windowQuery("edges.example", d1, d2)}`;
    // in: d1 and d2 - 1 ms; out: d1 - 1 ms (day before) and d2 (next window)
    expect((await getJson<Overview>(key, q)).total_sessions).toBe(2);
    await rollUp(siteId, d1 - 1, d1, d2);
    expect((await getJson<Overview>(key, q)).total_sessions).toBe(2);
    // The adjacent window takes the session at d2 and only it.
    expect(
      (await getJson<Overview>(key, `/traffic/overview${windowQuery("edges.example", d2, d2 + DAY)}`)).total_sessions,
    ).toBe(1);
  });

  it("applies the same edges to a window that starts and ends inside days and spans whole ones", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "mid.example");
    const from = todayStart() - 4 * DAY + 13 * HOUR + 17 * MINUTE;
    const to = todayStart() - 2 * DAY + 6 * HOUR;
    const inside = [from, from + 1, todayStart() - 3 * DAY, todayStart() - 3 * DAY + 12 * HOUR, to - 1];
    const outside = [from - 1, to, to + HOUR];
    for (const startedAt of [...inside, ...outside]) {
      await insertSession(key.workspaceId, siteId, { startedAt, platform: "claude", durationMs: 1_000 });
    }
    const q = `/traffic/overview${windowQuery("mid.example", from, to)}`;
    const before = await getJson<Overview>(key, q);
    expect(before.total_sessions).toBe(5);
    expect([before.period, before.period_start, before.period_end]).toEqual(["custom", iso(from), iso(to)]);
    await rollUp(siteId, from, todayStart() - 3 * DAY, to);
    expect((await getJson<Overview>(key, q)).total_sessions).toBe(5);
  });

  it("defaults to the last 7 days ending now, and `from` wins over `period`", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "default.example");
    await insertSession(key.workspaceId, siteId, { startedAt: Date.now() - 6 * DAY, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: Date.now() - 8 * DAY, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: Date.now() - 30 * MINUTE, platform: "chatgpt" });
    const before = Date.now();
    const o = await getJson<Overview>(key, "/traffic/overview?domain=default.example");
    const end = Date.parse(o.period_end);
    expect(o.period).toBe("7d");
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end - Date.parse(o.period_start)).toBe(7 * DAY);
    expect(o.total_sessions).toBe(2);
    const hour = await getJson<Overview>(key, "/traffic/overview?domain=default.example&period=1h");
    expect([hour.period, hour.total_sessions]).toEqual(["1h", 1]);
    const from = iso(Date.now() - 10 * DAY);
    const custom = await getJson<Overview>(key, `/traffic/overview?domain=default.example&period=1h&from=${from}`);
    expect([custom.period, custom.period_start, custom.total_sessions]).toEqual(["custom", from, 3]);
  });

  it("accepts a window of exactly 90 days", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "ninety.example");
    const to = todayStart();
    const o = await getJson<Overview>(key, `/traffic/overview${windowQuery("ninety.example", to - 90 * DAY, to)}`);
    expect(o.period_start).toBe(iso(to - 90 * DAY));
  });
});

describe("empty windows", () => {
  it("answers no_events_yet with zeros and empty lists when no session started in the window", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "empty.example");
    // A session outside the window must not count.
    await insertSession(key.workspaceId, siteId, { startedAt: Date.now() - 40 * DAY, platform: "chatgpt" });
    const q = "?domain=empty.example&period=30d";
    const common = { domain: "empty.example", site_id: siteId, period: "30d", data_status: "no_events_yet" };
    expect(await getJson(key, `/traffic/overview${q}`)).toMatchObject({
      ...common,
      total_sessions: 0,
      unique_visitors: 0,
      by_platform: [],
      by_outcome: [
        { outcome: "completed", sessions: 0 },
        { outcome: "abandoned", sessions: 0 },
        { outcome: "not_attempted", sessions: 0 },
        { outcome: "not_applicable", sessions: 0 },
      ],
      top_pages: [],
      median_duration_ms: 0,
    });
    expect(await getJson(key, `/traffic/purpose-split${q}`)).toMatchObject({
      ...common,
      total_sessions: 0,
      user_action_sessions: 0,
      search_sessions: 0,
      crawl_sessions: 0,
      unknown_sessions: 0,
      by_purpose: ["user_action", "search", "crawl", "unknown"].map((purpose) => ({
        purpose,
        sessions: 0,
        share_pct: 0,
      })),
    });
    expect(await getJson(key, `/traffic/verification${q}`)).toMatchObject({
      ...common,
      total_sessions: 0,
      verified_sessions: 0,
      declared_sessions: 0,
      heuristic_sessions: 0,
      by_platform: [],
      signed_sessions: 0,
      signers: 0,
      by_signer: [],
    });
    expect(await getJson(key, `/traffic/sources${q}`)).toMatchObject({
      ...common,
      coverage: "all_traffic",
      coverage_changed_at: null,
      ai_share_pct: 0,
      ai_sessions: 0,
      total_sessions: 0,
      agent_sessions: 0,
      human_visits: 0,
      assistant_referred_visits: 0,
      by_source: [],
      top_referrer_hosts: [],
      top_entry_pages: [],
      by_source_daily: [],
    });
    expect(await getJson(key, `/traffic/failing-sessions${q}`)).toMatchObject({
      ...common,
      results: [],
      has_more: false,
      total_matching: 0,
    });
  });

  it("is ok, with zero agent sessions, when only humans visited", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "humans.example");
    await insertSession(key.workspaceId, siteId, { startedAt: Date.now() - HOUR });
    const o = await getJson<Overview>(key, "/traffic/overview?domain=humans.example&period=24h");
    expect([o.data_status, o.total_sessions]).toEqual(["ok", 0]);
  });
});

describe("window and site errors", () => {
  // Which windows are refused is the use case's rule (test/v1/reads/traffic-report.test.ts);
  // here, that each route answers a refusal as its 400 with the code, and parses the query.
  const cases: Array<[string, (now: number) => string, number, string]> = [
    ["`from` after `to`", (n) => `from=${iso(n - HOUR)}&to=${iso(n - 2 * HOUR)}`, 400, "invalid_window"],
    ["a `from` that is not RFC 3339", () => "from=yesterday", 400, "invalid_request"],
    ["an unknown period", () => "period=2d", 400, "invalid_request"],
  ];
  for (const report of REPORTS) {
    for (const [name, query, status, code] of cases) {
      it(`${report}: ${name} is ${status} ${code}`, async () => {
        const key = await freshKey();
        await seedSite(key.workspaceId, "w.example");
        const res = await get(key, `/traffic/${report}?domain=w.example&${query(Date.now())}`);
        expect(res.status).toBe(status);
        expect(((await res.json()) as { code: string }).code).toBe(code);
        expect(res.headers.get("X-Request-Id")).toBeTruthy();
      });
    }
  }

  it("answers site_not_found for another workspace's domain exactly as for an unknown one", async () => {
    const owner = await freshKey();
    const stranger = await freshKey();
    const siteId = await seedSite(owner.workspaceId, "owned.example");
    await insertSession(owner.workspaceId, siteId, { startedAt: Date.now() - HOUR, platform: "chatgpt" });
    for (const report of [...REPORTS, "failing-sessions"]) {
      for (const domain of ["owned.example", "nobody.example"]) {
        const res = await get(stranger, `/traffic/${report}?domain=${domain}`);
        expect(res.status).toBe(404);
        const body = (await res.json()) as { code: string; error: string };
        expect(body.code).toBe("site_not_found");
        expect(body.error).not.toContain(siteId);
      }
      expect((await get(owner, `/traffic/${report}?domain=owned.example`)).status).toBe(200);
    }
  });

  it("refuses a malformed domain, a missing domain and a key without traffic:read", async () => {
    const key = await freshKey();
    const writer = await freshKey(["sites:write"]);
    const bad = await get(key, "/traffic/overview?domain=http%3A%2F%2Fx.example%2Fpath");
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, "invalid_domain"]);
    const missing = await get(key, "/traffic/sources");
    expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([400, "invalid_request"]);
    const scoped = await get(writer, "/traffic/verification?domain=x.example");
    expect([scoped.status, ((await scoped.json()) as { code: string }).code]).toEqual([403, "insufficient_scope"]);
  });
});
