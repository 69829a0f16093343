import { describe, expect, it } from "vitest";
import { lastCompleteWeek, weeklyReportLines, weekStartDay } from "../../shared/notifications/weekly-report";

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
