import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runningDayMarks, runningMarks } from "../../shared/reports/entry-page-running";
import { rebuildDay } from "../../shared/sessions/settle";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const D = Date.UTC(2026, 9, 10);

describe("runningMarks: the running rows that sum whole hours", () => {
  it("adds a range's last hour and subtracts the hour before it, per UTC day", () => {
    // [D 06:00, D+1 07:00): D 06:00-24:00 (23:00 minus 05:00), D+1 00:00-07:00 (06:00).
    expect(runningMarks([[D + 6 * HOUR, D + DAY + 7 * HOUR]])).toEqual({
      plus: [D + 23 * HOUR, D + DAY + 6 * HOUR],
      minus: [D + 5 * HOUR],
    });
  });

  it("subtracts nothing for a range from midnight, and joins ranges that touch", () => {
    expect(runningMarks([[D, D + 3 * HOUR]])).toEqual({ plus: [D + 2 * HOUR], minus: [] });
    expect(
      runningMarks([
        [D + 5 * HOUR, D + 9 * HOUR],
        [D + 2 * HOUR, D + 5 * HOUR],
      ]),
    ).toEqual({ plus: [D + 8 * HOUR], minus: [D + HOUR] });
  });

  it("keeps ranges apart within a day apart: no hour is both added and subtracted", () => {
    expect(
      runningMarks([
        [D + HOUR, D + 3 * HOUR],
        [D + 4 * HOUR, D + 6 * HOUR],
      ]),
    ).toEqual({ plus: [D + 2 * HOUR, D + 5 * HOUR], minus: [D, D + 3 * HOUR] });
  });
});

describe("runningDayMarks: the running daily rows that sum whole days", () => {
  it("adds a run's last day and subtracts the day before it, cut at month starts", () => {
    expect(runningDayMarks({ from: "2026-09-28", to: "2026-10-26", exclude: [] })).toEqual({
      plus: ["2026-09-30", "2026-10-26"],
      minus: ["2026-09-27"],
    });
    // From a month's 1st nothing is subtracted; across a year's end too.
    expect(runningDayMarks({ from: "2026-12-01", to: "2027-01-03", exclude: [] })).toEqual({
      plus: ["2026-12-31", "2027-01-03"],
      minus: [],
    });
  });

  it("splits runs at excluded days, whose own totals then cancel out", () => {
    // 10-12, 14-15 of October, 13 excluded: +12 -09, +15 -13.
    expect(runningDayMarks({ from: "2026-10-10", to: "2026-10-15", exclude: ["2026-10-13"] })).toEqual({
      plus: ["2026-10-12", "2026-10-15"],
      minus: ["2026-10-09", "2026-10-13"],
    });
    // An excluded first and last day, and a single day.
    expect(runningDayMarks({ from: "2026-10-01", to: "2026-10-03", exclude: ["2026-10-01", "2026-10-03"] })).toEqual({
      plus: ["2026-10-02"],
      minus: ["2026-10-01"],
    });
    expect(runningDayMarks({ from: "2026-10-05", to: "2026-10-05", exclude: ["2026-10-05"] })).toEqual({
      plus: [],
      minus: [],
    });
  });
});

describe("the rollup's running rows", () => {
  it("hold each page's sessions from midnight to the end of every hour from its first hour on", async () => {
    const site = "running-rollup";
    const at = [
      [D + 10 * MINUTE, "/a", "claude"],
      [D + 20 * MINUTE, "/a", null],
      [D + 2 * HOUR + 5 * MINUTE, "/b", "claude"],
      [D + 2 * HOUR + 50 * MINUTE, "/a", "claude"],
      [D + 23 * HOUR + 59 * MINUTE, "/b", null],
    ] as const;
    for (const [i, [t, url, platform]] of at.entries())
      await env.ANALYTICS.prepare(
        `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms,
           page_count, event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source,
           reached_cart, reached_purchase, outcome, bounced, settled_at, dirty)
         VALUES (?1, 'ws', ?2, 'v', ?3, ?4, ?4, 0, 1, 1, 0, ?5, ?5, ?6, '[]', 'direct', 0, 0, 'not_attempted', 1, ?4, 1)`,
      )
        .bind(`${site}-${i}`, site, "2026-10-10", t, url, platform)
        .run();
    await rebuildDay(env.ANALYTICS, site, "2026-10-10", D + 2 * DAY);
    const { results } = await env.ANALYTICS.prepare(
      "SELECT hour, entry_url, sessions, agent_sessions FROM entry_page_running_hourly WHERE site_id = ? ORDER BY entry_url, hour",
    )
      .bind(site)
      .all<{ hour: number; entry_url: string; sessions: number; agent_sessions: number }>();
    const rows = (url: string) =>
      results.filter((r) => r.entry_url === url).map((r) => [(r.hour - D) / HOUR, r.sessions, r.agent_sessions]);
    // /a: 2 (one agent) in hour 0, a third (agent) in hour 2; rows for hours 0-23.
    expect(rows("/a")).toEqual([[0, 2, 1], [1, 2, 1], ...Array.from({ length: 22 }, (_, i) => [i + 2, 3, 2])]);
    // /b: first in hour 2 (agent), one more human at 23:59; rows for hours 2-23.
    expect(rows("/b")).toEqual([...Array.from({ length: 21 }, (_, i) => [i + 2, 1, 1]), [23, 2, 1]]);
  });
});
