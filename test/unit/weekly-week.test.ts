import { describe, expect, it } from "vitest";
import {
  lastCompleteWeek,
  reportWeek,
  weeklyReportLines,
  weekQuery,
  weekStartDay,
} from "../../shared/notifications/weekly-report";

// The weekly report's week in the workspace's zone (docs/app.md "Notifications"):
// Monday 00:00 local to the next Monday 00:00 local. Every instant below is worked out
// by hand from the zone's rules (US: DST from 02:00 local on March's second Sunday; EU:
// from 01:00 UTC on March's last Sunday to 01:00 UTC on October's last Sunday).

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("the weekly report's week", () => {
  it("stays Monday to Monday UTC without a zone", () => {
    // Thursday 2026-11-26 10:30 UTC: the week of Monday 11-16.
    expect(lastCompleteWeek(at("2026-11-26T10:30:00Z"))).toEqual({
      start: at("2026-11-16T00:00:00Z"),
      end: at("2026-11-23T00:00:00Z"),
      timeZone: "UTC",
    });
  });

  it("is 167 hours in New York across the spring change of 2026-03-08", () => {
    // Mon 03-02 00:00 EST = 05:00Z; Mon 03-09 00:00 EDT = 04:00Z.
    const week = lastCompleteWeek(at("2026-03-09T04:00:00Z"), "America/New_York");
    expect(week).toEqual({
      start: at("2026-03-02T05:00:00Z"),
      end: at("2026-03-09T04:00:00Z"),
      timeZone: "America/New_York",
    });
    expect((week.end - week.start) / HOUR).toBe(167);
  });

  it("is 169 hours in Berlin across the autumn change of 2026-10-25", () => {
    // Mon 10-19 00:00 CEST = 10-18 22:00Z; Mon 10-26 00:00 CET = 10-25 23:00Z.
    const week = lastCompleteWeek(at("2026-10-26T08:00:00Z"), "Europe/Berlin");
    expect(week).toEqual({
      start: at("2026-10-18T22:00:00Z"),
      end: at("2026-10-25T23:00:00Z"),
      timeZone: "Europe/Berlin",
    });
    expect((week.end - week.start) / HOUR).toBe(169);
  });

  it("ends at the local Monday midnight: a minute before it the week before is still the last complete one", () => {
    // Sun 10-25 23:59 CET = 22:59Z: the week of Mon 10-12 (10-11 22:00Z to 10-18 22:00Z).
    expect(lastCompleteWeek(at("2026-10-25T22:59:00Z"), "Europe/Berlin")).toMatchObject({
      start: at("2026-10-11T22:00:00Z"),
      end: at("2026-10-18T22:00:00Z"),
    });
    // Tokyo (UTC+9) reaches Monday 11-23 at Sunday 15:00Z, while UTC is still in the week of 11-16.
    const sunday = at("2026-11-22T15:30:00Z");
    expect(lastCompleteWeek(sunday, "Asia/Tokyo")).toMatchObject({
      start: at("2026-11-15T15:00:00Z"),
      end: at("2026-11-22T15:00:00Z"),
    });
    expect(lastCompleteWeek(sunday)).toMatchObject({
      start: at("2026-11-09T00:00:00Z"),
      end: at("2026-11-16T00:00:00Z"),
    });
  });

  it("names its local dates and its zone in the mail", () => {
    const week = lastCompleteWeek(at("2026-10-26T08:00:00Z"), "Europe/Berlin");
    expect(weekStartDay(week)).toBe("2026-10-19");
    expect(weeklyReportLines(week, [])[0]).toBe(
      "AI-agent traffic, week of 2026-10-19 to 2026-10-25 (Europe/Berlin), against the week before.",
    );
  });
});

describe("the first weekly report after turning it on", () => {
  // Saturday 2026-11-28: the last complete Monday-to-Monday week is 11-16 to 11-22.
  const saturday = at("2026-11-28T15:00:00Z");

  it("covers the 7 complete days before the day it was turned on, not the week that ended days before", () => {
    const week = reportWeek(saturday + HOUR, "UTC", saturday);
    // Saturday 11-21 00:00 to Saturday 11-28 00:00: Saturday to Friday, named in the mail.
    expect(week).toEqual({ start: at("2026-11-21T00:00:00Z"), end: at("2026-11-28T00:00:00Z"), timeZone: "UTC" });
    expect(weekStartDay(week)).toBe("2026-11-21");
    expect(weeklyReportLines(week, [])[0]).toBe(
      "AI-agent traffic, week of 2026-11-21 to 2026-11-27 (UTC), against the week before.",
    );
    // The same days on the dashboard: the traffic page's custom range of whole days.
    expect(weekQuery(week)).toBe("?from=2026-11-21&to=2026-11-27");
    // Every hourly run until Monday names the same days (the same once-per-week key).
    expect(reportWeek(at("2026-11-29T23:00:00Z"), "UTC", saturday)).toEqual(week);
  });

  it("takes the workspace's days: turned on at 00:30 on Sunday in Berlin is Sunday's 7 days before", () => {
    // 2026-11-28T23:30Z is Sunday 11-29 00:30 CET (+01:00): the days are Sunday 11-22 to Saturday 11-28, local.
    const week = reportWeek(at("2026-11-29T00:00:00Z"), "Europe/Berlin", at("2026-11-28T23:30:00Z"));
    expect(week).toEqual({
      start: at("2026-11-21T23:00:00Z"),
      end: at("2026-11-28T23:00:00Z"),
      timeZone: "Europe/Berlin",
    });
    expect(weekQuery(week)).toBe("?from=2026-11-22&to=2026-11-28");
  });

  it("goes back to Monday-to-Monday weeks from the Monday after, and for someone who turned it on before the last one", () => {
    // Monday 11-30 01:00 UTC: the week of 11-23, whoever turned it on before 11-30.
    const monday = at("2026-11-30T01:00:00Z");
    const regular = { start: at("2026-11-23T00:00:00Z"), end: at("2026-11-30T00:00:00Z"), timeZone: "UTC" };
    expect(reportWeek(monday, "UTC", saturday)).toEqual(regular);
    expect(reportWeek(monday, "UTC", at("2026-10-01T00:00:00Z"))).toEqual(regular);
    expect(reportWeek(monday, "UTC", null)).toEqual(regular);
    // Turned on on a Monday: the 7 days before it are that Monday-to-Monday week.
    expect(reportWeek(monday, "UTC", monday - 30 * 60_000)).toEqual(regular);
  });
});
