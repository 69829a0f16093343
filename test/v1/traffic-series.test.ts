import { describe, expect, it } from "vitest";
import {
  DAY,
  freshKey,
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

interface PlatformSeries {
  interval: string;
  buckets: string[];
  platforms: { platform: string; sessions: number[] }[];
}
interface SourceSeries {
  interval: string;
  buckets: string[];
  sources: { source: string; sessions: number[] }[];
}
interface Overview {
  total_sessions: number;
  by_platform_series: PlatformSeries;
}
interface Sources {
  total_sessions: number;
  by_source_series: SourceSeries;
}
interface ErrorBody {
  code: string;
  error: string;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("the reports' time series: hours for short windows, days for long ones", () => {
  it("gives the 24h period 25 zero-filled UTC hours, the partial first and last hours included", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "hourly.example");
    const now = Date.now();
    // One session 30 s inside the window's first (partial) hour, two in the hour 3 h
    // before now, one human a minute ago (the last, partial hour), one just outside.
    // The two chatgpt sessions sit at the start of one hour so that no clock time puts
    // them in different hours (CI failed once with now - 3 h at hh:59:30).
    const start = now - DAY;
    const firstHour = Math.floor(start / HOUR) * HOUR;
    const threeHoursAgo = Math.floor((now - 3 * HOUR) / HOUR) * HOUR;
    await insertSession(key.workspaceId, siteId, { startedAt: start + 30_000, platform: "claude" });
    await insertSession(key.workspaceId, siteId, { startedAt: threeHoursAgo + 1_000, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: threeHoursAgo + MINUTE, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: now - MINUTE, source: "direct" });
    await insertSession(key.workspaceId, siteId, { startedAt: start - 2 * MINUTE, platform: "claude" });

    const o = await getJson<Overview>(key, "/traffic/overview?domain=hourly.example&period=24h");
    const series = o.by_platform_series;
    expect(series.interval).toBe("hour");
    // The request's own `now` lies within a second of ours: the same 25 hours unless an
    // hour boundary fell between them, which the first bucket shows.
    const first = Date.parse(series.buckets[0]);
    expect([firstHour, firstHour + HOUR]).toContain(first);
    expect(series.buckets).toEqual(Array.from({ length: 25 }, (_, i) => iso(first + i * HOUR)));
    const index = (t: number) => (Math.floor(t / HOUR) * HOUR - first) / HOUR;
    expect(series.platforms).toEqual([
      { platform: "chatgpt", sessions: Array.from({ length: 25 }, (_, i) => (i === index(threeHoursAgo) ? 2 : 0)) },
      // start + 30 s is in the first hour unless start lay within 30 s of its hour's end.
      { platform: "claude", sessions: Array.from({ length: 25 }, (_, i) => (i === index(start + 30_000) ? 1 : 0)) },
    ]);
    expect(sum(series.platforms.flatMap((p) => p.sessions))).toBe(o.total_sessions);

    const s = await getJson<Sources>(key, "/traffic/sources?domain=hourly.example&period=24h");
    expect(s.by_source_series.interval).toBe("hour");
    expect(s.by_source_series.buckets).toEqual(series.buckets);
    expect(s.by_source_series.sources.map((x) => [x.source, sum(x.sessions)])).toEqual([
      ["ai_assistant_session", 3],
      ["direct", 1],
    ]);
    expect(s.by_source_series.sources[1].sessions[index(now - MINUTE)]).toBe(1);
  });

  it("switches to UTC days beyond 48 hours, with the same counts before and after the rollup", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "daily.example");
    const d1 = todayStart() - 4 * DAY;
    await insertSession(key.workspaceId, siteId, { startedAt: d1 + HOUR, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: d1 + 2 * DAY + 23 * HOUR, platform: "chatgpt" });
    await insertSession(key.workspaceId, siteId, { startedAt: d1 + 2 * DAY, platform: "gemini" });
    // [d1 12:00, d1 + 3 days): 60 hours, touching days d1, d1+1, d1+2; the d1 01:00 session is outside.
    const q = `/traffic/overview${windowQuery("daily.example", d1 + 12 * HOUR, d1 + 3 * DAY)}`;
    const expected = {
      interval: "day",
      buckets: [iso(d1), iso(d1 + DAY), iso(d1 + 2 * DAY)],
      platforms: [
        { platform: "chatgpt", sessions: [0, 0, 1] },
        { platform: "gemini", sessions: [0, 0, 1] },
      ],
    };
    expect((await getJson<Overview>(key, q)).by_platform_series).toEqual(expected);
    await rollUp(siteId, d1, d1 + 2 * DAY);
    expect((await getJson<Overview>(key, q)).by_platform_series).toEqual(expected);
  });

  it("takes an explicit interval: days over a 48-hour window, hours over exactly 48 hours", async () => {
    const key = await freshKey();
    const siteId = await seedSite(key.workspaceId, "explicit.example");
    const d1 = todayStart() - 3 * DAY;
    await insertSession(key.workspaceId, siteId, { startedAt: d1 + 5 * HOUR, platform: "perplexity" });
    await insertSession(key.workspaceId, siteId, { startedAt: d1 + DAY + 47 * MINUTE, platform: "perplexity" });
    const window = windowQuery("explicit.example", d1, d1 + 2 * DAY);
    const days = await getJson<Overview>(key, `/traffic/overview${window}&interval=day`);
    expect(days.by_platform_series).toEqual({
      interval: "day",
      buckets: [iso(d1), iso(d1 + DAY)],
      platforms: [{ platform: "perplexity", sessions: [1, 1] }],
    });
    const hours = await getJson<Overview>(key, `/traffic/overview${window}&interval=hour`);
    expect(hours.by_platform_series.buckets).toHaveLength(48);
    expect(hours.by_platform_series.platforms[0].sessions.flatMap((n, i) => (n ? [i] : []))).toEqual([5, 24]);
  });

  it("refuses hours over more than 48 hours as invalid_window and an unknown interval as invalid_request", async () => {
    const key = await freshKey();
    await seedSite(key.workspaceId, "refused.example");
    for (const report of ["overview", "sources"]) {
      const long = await getJson<ErrorBody>(
        key,
        `/traffic/${report}?domain=refused.example&period=7d&interval=hour`,
        400,
      );
      expect(long.code).toBe("invalid_window");
      expect(long.error).toContain("48 hours");
      const bad = await getJson<ErrorBody>(key, `/traffic/${report}?domain=refused.example&interval=minute`, 400);
      expect(bad.code).toBe("invalid_request");
      // The window and interval are checked before the domain: a bad one is 400 whatever the site.
      const unknown = await getJson<ErrorBody>(
        key,
        `/traffic/${report}?domain=nowhere.example&period=30d&interval=hour`,
        400,
      );
      expect(unknown.code).toBe("invalid_window");
    }
  });
});
