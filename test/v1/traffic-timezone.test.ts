import { describe, expect, it } from "vitest";
import {
  DAY,
  freshKey,
  getJson,
  HOUR,
  insertSession,
  MINUTE,
  rollUp,
  seedSite,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

// The `timezone` parameter (docs/reports.md "Time zones"). Sessions sit either side of
// local midnight; every expected count is read off the table above each test. Each
// report is asked twice: before the rollup (read from `sessions`) and after it (the
// hourly aggregates, where their hours are whole and within retention), same answer.

interface Series {
  interval: string;
  buckets: string[];
  platforms?: Array<{ platform: string; sessions: number[] }>;
  sources?: Array<{ source: string; sessions: number[] }>;
}
interface Report {
  timezone: string;
  period_start: string;
  period_end: string;
  total_sessions: number;
  by_platform_daily?: Array<{ day: string; platform: string; sessions: number }>;
  by_platform_series?: Series;
  by_source_daily?: Array<{ day: string; source: string; sessions: number }>;
  by_source_series?: Series;
  previous?: Report;
}
interface ErrorBody {
  code: string;
  error: string;
  details?: Array<{ field: string }>;
}

const at = (iso: string) => Date.parse(iso);

async function site(domain: string, starts: Array<[string | number, string | null]>) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  for (const [start, platform] of starts)
    await insertSession(key.workspaceId, siteId, {
      startedAt: typeof start === "number" ? start : at(start),
      platform,
    });
  return { key, siteId };
}

const query = (domain: string, from: string | number, to: string | number, rest: string) =>
  `${windowQuery(domain, typeof from === "number" ? from : at(from), typeof to === "number" ? to : at(to))}&${rest}`;

describe("traffic reports in a time zone", () => {
  it("puts Berlin's 25-hour 2026-10-25 in one day bucket, from sessions and from the hourly aggregates alike", async () => {
    // UTC start            Berlin local          local day    platform
    // 2026-10-24 21:59     10-24 23:59 CEST      (before the window)
    // 2026-10-24 22:00     10-25 00:00 CEST      10-25        chatgpt
    // 2026-10-25 22:30     10-25 23:30 CET       10-25        claude
    // 2026-10-25 23:00     10-26 00:00 CET       10-26        chatgpt  (UTC day 10-25)
    // 2026-10-26 22:59     10-26 23:59 CET       10-26        chatgpt
    const { key, siteId } = await site("berlin-autumn.example", [
      ["2026-10-24T21:59:00Z", "chatgpt"],
      ["2026-10-24T22:00:00Z", "chatgpt"],
      ["2026-10-25T22:30:00Z", "claude"],
      ["2026-10-25T23:00:00Z", "chatgpt"],
      ["2026-10-26T22:59:00Z", "chatgpt"],
    ]);
    // Local 10-25 00:00 to 10-27 00:00: 25 + 24 = 49 hours.
    const q = `/traffic/overview${query("berlin-autumn.example", "2026-10-24T22:00:00Z", "2026-10-26T23:00:00Z", "timezone=Europe/Berlin&interval=day&compare=previous")}`;
    const expected = {
      timezone: "Europe/Berlin",
      total_sessions: 4,
      by_platform_daily: [
        { day: "2026-10-25", platform: "chatgpt", sessions: 1 },
        { day: "2026-10-25", platform: "claude", sessions: 1 },
        { day: "2026-10-26", platform: "chatgpt", sessions: 2 },
      ],
      by_platform_series: {
        interval: "day",
        buckets: ["2026-10-25T00:00:00.000+02:00", "2026-10-26T00:00:00.000+01:00"],
        platforms: [
          { platform: "chatgpt", sessions: [1, 2] },
          { platform: "claude", sessions: [1, 0] },
        ],
      },
      // The previous period is as many local days (10-23 and 10-24, 48 hours), not 49 hours.
      previous: {
        period_start: "2026-10-22T22:00:00.000Z",
        period_end: "2026-10-24T22:00:00.000Z",
        total_sessions: 1,
        by_platform_series: {
          interval: "day",
          buckets: ["2026-10-23T00:00:00.000+02:00", "2026-10-24T00:00:00.000+02:00"],
          platforms: [{ platform: "chatgpt", sessions: [0, 1] }],
        },
      },
    };
    expect(await getJson<Report>(key, q)).toMatchObject(expected);
    await rollUp(
      siteId,
      at("2026-10-23T00:00:00Z"),
      at("2026-10-24T00:00:00Z"),
      at("2026-10-25T00:00:00Z"),
      at("2026-10-26T00:00:00Z"),
    );
    expect(await getJson<Report>(key, q)).toMatchObject(expected);

    // The same window in UTC (no parameter): UTC days, and `timezone` echoed as UTC.
    const utc = await getJson<Report>(
      key,
      `/traffic/overview${query("berlin-autumn.example", "2026-10-24T22:00:00Z", "2026-10-26T23:00:00Z", "interval=day")}`,
    );
    expect(utc.timezone).toBe("UTC");
    expect(utc.by_platform_daily).toEqual([
      { day: "2026-10-24", platform: "chatgpt", sessions: 1 },
      { day: "2026-10-25", platform: "chatgpt", sessions: 1 },
      { day: "2026-10-25", platform: "claude", sessions: 1 },
      { day: "2026-10-26", platform: "chatgpt", sessions: 1 },
    ]);
  });

  it("makes Berlin's 2026-03-29 a 23-hour day: two sessions 22:59 apart in one bucket, 23 hourly buckets", async () => {
    // 2026-03-28 22:59 UTC = 03-28 23:59 CET (before); 03-28 23:00 = 03-29 00:00 CET;
    // 03-29 21:59 = 03-29 23:59 CEST; 03-29 22:00 = 03-30 00:00 CEST.
    const { key } = await site("berlin-spring.example", [
      ["2026-03-28T22:59:00Z", "chatgpt"],
      ["2026-03-28T23:00:00Z", "chatgpt"],
      ["2026-03-29T21:59:00Z", "chatgpt"],
      ["2026-03-29T22:00:00Z", "chatgpt"],
    ]);
    const days = await getJson<Report>(
      key,
      `/traffic/overview${query("berlin-spring.example", "2026-03-28T23:00:00Z", "2026-03-30T22:00:00Z", "timezone=Europe/Berlin&interval=day")}`,
    );
    expect(days.by_platform_series).toEqual({
      interval: "day",
      buckets: ["2026-03-29T00:00:00.000+01:00", "2026-03-30T00:00:00.000+02:00"],
      platforms: [{ platform: "chatgpt", sessions: [2, 1] }],
    });
    const hours = await getJson<Report>(
      key,
      `/traffic/overview${query("berlin-spring.example", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "timezone=Europe/Berlin&interval=hour")}`,
    );
    const buckets = hours.by_platform_series?.buckets ?? [];
    // 00:00 and 01:00 CET, then 03:00 to 23:00 CEST: 2 + 21 = 23; there is no 02:00.
    expect(buckets).toHaveLength(23);
    expect(buckets.slice(0, 3)).toEqual([
      "2026-03-29T00:00:00.000+01:00",
      "2026-03-29T01:00:00.000+01:00",
      "2026-03-29T03:00:00.000+02:00",
    ]);
    const line = hours.by_platform_series?.platforms?.[0].sessions ?? [];
    expect([line[0], line[22], line.reduce((a, b) => a + b, 0)]).toEqual([1, 1, 2]);
  });

  it("gives New York's 2026-11-01 25 hourly buckets (01:00 twice) and 2026-03-08 23", async () => {
    const { key } = await site("new-york.example", [
      ["2026-11-01T03:59:00Z", null], // 10-31 23:59 EDT: before
      ["2026-11-01T04:00:00Z", null], // 11-01 00:00 EDT
      ["2026-11-01T05:30:00Z", null], // 11-01 01:30 EDT, the first 01:00 hour
      ["2026-11-01T06:30:00Z", null], // 11-01 01:30 EST, the second
      ["2026-11-02T04:59:00Z", null], // 11-01 23:59 EST
      ["2026-03-08T05:00:00Z", null], // 03-08 00:00 EST
      ["2026-03-09T03:59:00Z", null], // 03-08 23:59 EDT
      ["2026-03-09T04:00:00Z", null], // 03-09 00:00 EDT: after
    ]);
    const nov = await getJson<Report>(
      key,
      `/traffic/sources${query("new-york.example", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", "timezone=America/New_York&interval=hour")}`,
    );
    const buckets = nov.by_source_series?.buckets ?? [];
    expect(buckets).toHaveLength(25);
    expect(buckets.slice(1, 3)).toEqual(["2026-11-01T01:00:00.000-04:00", "2026-11-01T01:00:00.000-05:00"]);
    const direct = nov.by_source_series?.sources?.[0].sessions ?? [];
    expect(direct.flatMap((n, i) => (n ? [[i, n]] : []))).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [24, 1],
    ]);
    const novDay = await getJson<Report>(
      key,
      `/traffic/sources${query("new-york.example", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", "timezone=America/New_York&interval=day")}`,
    );
    expect(novDay.by_source_daily).toEqual([{ day: "2026-11-01", source: "direct", sessions: 4 }]);
    expect(novDay.by_source_series?.buckets).toEqual(["2026-11-01T00:00:00.000-04:00"]);

    const march = await getJson<Report>(
      key,
      `/traffic/sources${query("new-york.example", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", "timezone=America/New_York&interval=hour")}`,
    );
    expect(march.by_source_series?.buckets).toHaveLength(23);
    expect(march.by_source_series?.sources).toEqual([
      { source: "direct", sessions: [1, ...Array<number>(21).fill(0), 1] },
    ]);
  });

  for (const [zone, offsetMin] of [
    ["Asia/Kolkata", 330],
    ["Asia/Kathmandu", 345],
  ] as const) {
    it(`splits ${zone}'s days inside a UTC hour, from sessions and from the aggregates alike`, async () => {
      // d: a UTC midnight 6 days ago. Local midnight of d's date is d - offset; the next
      // one, m = d + 24 h - offset, falls inside the UTC hour 18:00 (18:30 or 18:15).
      const d = todayStart() - 6 * DAY;
      const offset = offsetMin * MINUTE;
      const from = d - offset;
      const m = from + DAY;
      const domain = `${zone.split("/")[1].toLowerCase()}.example`;
      const { key, siteId } = await site(domain, [
        [from - MINUTE, "chatgpt"], // before the window
        [from, "chatgpt"], // day 1, 00:00
        [m - MINUTE, "claude"], // day 1, 23:59
        [m, "chatgpt"], // day 2, 00:00: the same UTC hour as 23:59
        [m + 90 * MINUTE, "chatgpt"], // day 2, 01:30
      ]);
      const day1 = new Date(d).toISOString().slice(0, 10);
      const day2 = new Date(d + DAY).toISOString().slice(0, 10);
      const sign = `+0${Math.floor(offsetMin / 60)}:${offsetMin % 60}`;
      const daily = `/traffic/overview${query(domain, from, from + 2 * DAY, `timezone=${zone}&interval=day`)}`;
      const hourly = `/traffic/overview${query(domain, from, from + 2 * DAY, `timezone=${zone}&interval=hour`)}`;
      const expected = {
        timezone: zone,
        total_sessions: 4,
        by_platform_daily: [
          { day: day1, platform: "chatgpt", sessions: 1 },
          { day: day1, platform: "claude", sessions: 1 },
          { day: day2, platform: "chatgpt", sessions: 2 },
        ],
        by_platform_series: {
          interval: "day",
          buckets: [`${day1}T00:00:00.000${sign}`, `${day2}T00:00:00.000${sign}`],
          platforms: [
            { platform: "chatgpt", sessions: [1, 2] },
            { platform: "claude", sessions: [1, 0] },
          ],
        },
      };
      // Local hours 0, 23, 24 (00:00 day 2) and 25 (01:30 day 2).
      const hourlyLines = (r: Report) =>
        (r.by_platform_series?.platforms ?? []).map((p) => [p.platform, p.sessions.flatMap((n, i) => (n ? [i] : []))]);
      const before = await getJson<Report>(key, daily);
      expect(before).toMatchObject(expected);
      const beforeHours = await getJson<Report>(key, hourly);
      expect(beforeHours.by_platform_series?.buckets[0]).toBe(`${day1}T00:00:00.000${sign}`);
      expect(hourlyLines(beforeHours)).toEqual([
        ["chatgpt", [0, 24, 25]],
        ["claude", [23]],
      ]);
      await rollUp(siteId, d - DAY, d, d + DAY, d + 2 * DAY);
      expect(await getJson<Report>(key, daily)).toEqual(before);
      expect(await getJson<Report>(key, hourly)).toEqual(beforeHours);
    });
  }

  it("answers timezone=UTC exactly as no timezone, and refuses an unknown zone as invalid_timezone before the domain", async () => {
    const { key } = await site("utc.example", [[todayStart() - 2 * DAY + HOUR, "chatgpt"]]);
    const base = `/traffic/overview${windowQuery("utc.example", todayStart() - 3 * DAY, todayStart() - DAY)}`;
    const [plain, utc] = await Promise.all([getJson<Report>(key, base), getJson<Report>(key, `${base}&timezone=UTC`)]);
    expect(utc).toEqual(plain);
    expect(plain.timezone).toBe("UTC");
    for (const report of ["overview", "sources", "purpose-split", "verification"]) {
      for (const bad of ["Mars/Olympus", "+05:30", "Europe%2FBerlin%00"]) {
        const refused = await getJson<ErrorBody>(key, `/traffic/${report}?domain=nowhere.example&timezone=${bad}`, 400);
        expect(refused.code, `${report} ${bad}`).toBe("invalid_timezone");
        expect(refused.error).toContain("IANA");
        expect(refused.details?.[0].field).toBe("query.timezone");
      }
    }
  });
});
