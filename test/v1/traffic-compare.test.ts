import { describe, expect, it } from "vitest";
import {
  DAY,
  freshKey,
  getJson,
  HOUR,
  insertSession,
  iso,
  rollUp,
  seedSite,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

// compare=previous (docs/reports.md "Comparison with the previous period"): the window
// [d3, d5) and its previous window [d1, d3), two whole past UTC days each.
//
// day  start  platform  source                visitor
// d0   10:00  chatgpt   ai_assistant_session  a     (before both windows)
// d1   10:00  chatgpt   ai_assistant_session  a     previous
// d2   10:00  claude    ai_assistant_session  b     previous
// d2   11:00  (human)   direct                h     previous
// d3   10:00  chatgpt   ai_assistant_session  a     current
// d4   23:00  chatgpt   ai_assistant_session  c     current
// d4   12:00  (human)   search                i     current
// d5   00:00  claude    ai_assistant_session  d     (the window's end: neither)

interface Report {
  period: string;
  period_start: string;
  period_end: string;
  total_sessions: number;
  unique_visitors?: number;
  by_platform?: Array<{ platform: string; sessions: number }>;
  previous?: Report;
}

const REPORTS = ["overview", "purpose-split", "sources", "verification"] as const;

async function seed(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const d0 = todayStart() - 8 * DAY;
  const day = (n: number) => d0 + n * DAY;
  const rows: Array<[number, string | null, string]> = [
    [day(0) + 10 * HOUR, "chatgpt", "a"],
    [day(1) + 10 * HOUR, "chatgpt", "a"],
    [day(2) + 10 * HOUR, "claude", "b"],
    [day(2) + 11 * HOUR, null, "h"],
    [day(3) + 10 * HOUR, "chatgpt", "a"],
    [day(4) + 23 * HOUR, "chatgpt", "c"],
    [day(4) + 12 * HOUR, null, "i"],
    [day(5), "claude", "d"],
  ];
  for (const [startedAt, platform, visitor] of rows)
    await insertSession(key.workspaceId, siteId, {
      startedAt,
      platform,
      visitor,
      source: platform ? "ai_assistant_session" : visitor === "h" ? "direct" : "search",
      durationMs: 1_000,
    });
  return { key, siteId, day };
}

describe("compare=previous: the same report over the previous equal window", () => {
  it("adds `previous` counted over [start - length, start), before and after the rollup", async () => {
    const { key, siteId, day } = await seed("compare.example");
    const q = `/traffic/overview${windowQuery("compare.example", day(3), day(5))}&compare=previous`;
    const check = async () => {
      const o = await getJson<Report>(key, q);
      // current: d3 chatgpt (a), d4 chatgpt (c): 2 agent sessions, 2 visitors
      expect([o.total_sessions, o.unique_visitors]).toEqual([2, 2]);
      expect(o.previous?.period).toBe("custom");
      expect([o.previous?.period_start, o.previous?.period_end]).toEqual([iso(day(1)), iso(day(3))]);
      // previous: d1 chatgpt (a), d2 claude (b): 2 sessions, one each; the d0 one is outside
      expect([o.previous?.total_sessions, o.previous?.unique_visitors]).toEqual([2, 2]);
      expect(o.previous?.by_platform?.map((p) => [p.platform, p.sessions])).toEqual([
        ["chatgpt", 1],
        ["claude", 1],
      ]);
      expect(o.previous?.previous).toBeUndefined();
    };
    await check();
    await rollUp(siteId, day(0), day(1), day(2), day(3), day(4), day(5));
    await check();
  }, 30_000);

  it("answers for every grouped report exactly what a from/to request of the previous window answers", async () => {
    const { key, siteId, day } = await seed("compare-all.example");
    await rollUp(siteId, day(1), day(2));
    for (const report of REPORTS) {
      const compared = await getJson<Report>(
        key,
        `/traffic/${report}${windowQuery("compare-all.example", day(3), day(5))}&compare=previous`,
      );
      const direct = await getJson<Report>(
        key,
        `/traffic/${report}${windowQuery("compare-all.example", day(1), day(3))}`,
      );
      // `data_coverage` is the answer's, never `previous`'s (docs/reports.md "Coverage").
      const { data_coverage: _coverage, ...directReport } = direct as Report & { data_coverage?: unknown };
      expect(compared.previous, report).toEqual(directReport);
      const { previous: _, ...current } = compared;
      expect(current, report).toEqual(
        await getJson<Report>(key, `/traffic/${report}${windowQuery("compare-all.example", day(3), day(5))}`),
      );
    }
    // sources counts humans too: previous = d1 chatgpt, d2 claude, d2 direct
    const sources = await getJson<Report>(
      key,
      `/traffic/sources${windowQuery("compare-all.example", day(3), day(5))}&compare=previous`,
    );
    expect([sources.total_sessions, sources.previous?.total_sessions]).toEqual([3, 3]);
  }, 30_000);

  it("leaves the answer as before without the parameter, and refuses an unknown comparison", async () => {
    const { key } = await seed("compare-off.example");
    const plain = await getJson<Report>(key, "/traffic/overview?domain=compare-off.example&period=24h");
    expect("previous" in plain).toBe(false);
    const bad = await getJson<{ code: string }>(
      key,
      "/traffic/overview?domain=compare-off.example&compare=last_year",
      400,
    );
    expect(bad.code).toBe("invalid_request");
  });

  it("compares a named period with the window of the same length before it (24h against the day before)", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "compare-24h.example");
    const now = Date.now();
    for (const ago of [2 * HOUR, 20 * HOUR, 30 * HOUR, 47 * HOUR, 49 * HOUR])
      await insertSession(key.workspaceId, siteId, { startedAt: now - ago, platform: "chatgpt", durationMs: 1 });
    const o = await getJson<Report>(key, "/traffic/overview?domain=compare-24h.example&period=24h&compare=previous");
    // current: 2 h and 20 h ago; previous [now - 48 h, now - 24 h): 30 h and 47 h ago
    expect([o.total_sessions, o.previous?.total_sessions]).toEqual([2, 2]);
    expect(Date.parse(o.period_start) - Date.parse(o.previous?.period_start ?? "")).toBe(DAY);
    expect(o.previous?.period_end).toBe(o.period_start);
  });
});
