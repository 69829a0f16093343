import { describe, expect, it } from "vitest";
import { previousWindow } from "../../shared/reports/previous-period";
import { cutAtBoundaries, zonedBoundaries, zonedBucketStarts } from "../../shared/reports/zoned-buckets";
import {
  localDay,
  localDayStartOf,
  nextLocalDayStart,
  offsetSpans,
  parseTimeZone,
  supportedTimeZones,
  zonedIso,
  zoneOffsetMs,
} from "../../shared/time/time-zone";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

// Offsets and change instants from the tz database (tzdata, "europe" and "northamerica"
// files): the EU changes at 01:00 UTC on the last Sundays of March and October; the US
// at 02:00 local on the second Sunday of March and the first of November. Kolkata is
// +05:30 and Kathmandu +05:45 all year.

describe("time zone names", () => {
  it("accepts IANA names in any case, fixing the case, and keeps a renamed zone's new name", () => {
    expect(parseTimeZone("Europe/Berlin")).toEqual({ ok: true, value: "Europe/Berlin" });
    expect(parseTimeZone("america/new_york")).toEqual({ ok: true, value: "America/New_York" });
    expect(parseTimeZone("UTC")).toEqual({ ok: true, value: "UTC" });
    // workerd's ICU resolves these to Asia/Calcutta and Asia/Katmandu; the client's name is kept.
    expect(parseTimeZone("Asia/Kolkata")).toEqual({ ok: true, value: "Asia/Kolkata" });
    expect(parseTimeZone("Asia/Kathmandu")).toEqual({ ok: true, value: "Asia/Kathmandu" });
  });

  it("refuses unknown names, bare offsets and junk as invalid_timezone naming the field", () => {
    for (const bad of ["Mars/Olympus_Mons", "+01:00", "CET; DROP TABLE", "", "x".repeat(80), "Europe/Berlin\n"]) {
      const r = parseTimeZone(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe("invalid_timezone");
        expect(r.field).toBe("timezone");
        expect(r.message).toContain("IANA");
      }
    }
  });

  it("lists the runtime's zones for the picker, UTC first", () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Berlin");
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
  });
});

describe("local days across daylight-saving changes", () => {
  const days: Array<[string, string, string, string, number]> = [
    // zone, day, its first instant (UTC), the next day's, hours long
    ["Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23],
    ["Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25],
    ["America/New_York", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23],
    ["America/New_York", "2026-11-01", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", 25],
    ["Asia/Kolkata", "2026-11-20", "2026-11-19T18:30:00Z", "2026-11-20T18:30:00Z", 24],
    ["Asia/Kathmandu", "2026-11-20", "2026-11-19T18:15:00Z", "2026-11-20T18:15:00Z", 24],
  ];
  for (const [zone, day, start, next, hours] of days) {
    it(`${zone} ${day} starts at ${start} and lasts ${hours} hours`, () => {
      expect(localDayStartOf(zone, day)).toBe(at(start));
      expect(nextLocalDayStart(zone, at(start))).toBe(at(next));
      expect(localDay(zone, at(start))).toBe(day);
      expect(localDay(zone, at(start) - 1)).not.toBe(day);
    });
  }

  it("finds the offset changes inside a window to the second", () => {
    expect(offsetSpans("Europe/Berlin", at("2026-03-28T00:00:00Z"), at("2026-03-31T00:00:00Z"))).toEqual([
      { from: at("2026-03-28T00:00:00Z"), to: at("2026-03-29T01:00:00Z"), offsetMs: HOUR },
      { from: at("2026-03-29T01:00:00Z"), to: at("2026-03-31T00:00:00Z"), offsetMs: 2 * HOUR },
    ]);
    expect(offsetSpans("America/New_York", at("2026-10-31T00:00:00Z"), at("2026-11-03T00:00:00Z"))).toEqual([
      { from: at("2026-10-31T00:00:00Z"), to: at("2026-11-01T06:00:00Z"), offsetMs: -4 * HOUR },
      { from: at("2026-11-01T06:00:00Z"), to: at("2026-11-03T00:00:00Z"), offsetMs: -5 * HOUR },
    ]);
    expect(zoneOffsetMs("Asia/Kathmandu", at("2026-06-01T00:00:00Z"))).toBe(5 * HOUR + 45 * MINUTE);
  });

  it("writes bucket starts in RFC 3339 with the zone's offset at that instant", () => {
    expect(zonedIso("Europe/Berlin", at("2026-03-28T23:00:00Z"))).toBe("2026-03-29T00:00:00.000+01:00");
    expect(zonedIso("Europe/Berlin", at("2026-03-29T22:00:00Z"))).toBe("2026-03-30T00:00:00.000+02:00");
    expect(zonedIso("America/New_York", at("2026-11-01T04:00:00Z"))).toBe("2026-11-01T00:00:00.000-04:00");
    expect(zonedIso("Asia/Kathmandu", at("2026-11-19T18:15:00Z"))).toBe("2026-11-20T00:00:00.000+05:45");
    expect(zonedIso("Europe/London", at("2026-01-10T00:00:00Z"))).toBe("2026-01-10T00:00:00.000Z");
  });
});

describe("zoned buckets", () => {
  it("lists every local day a window touches, the 23-hour one included", () => {
    const starts = zonedBucketStarts("Europe/Berlin", "day", at("2026-03-28T12:00:00Z"), at("2026-03-30T12:00:00Z"));
    expect(starts).toEqual([at("2026-03-27T23:00:00Z"), at("2026-03-28T23:00:00Z"), at("2026-03-29T22:00:00Z")]);
  });

  it("starts a :30 zone's hours at half past the UTC hour", () => {
    const starts = zonedBucketStarts("Asia/Kolkata", "hour", at("2026-11-20T00:00:00Z"), at("2026-11-20T03:00:00Z"));
    expect(starts).toEqual(
      ["2026-11-19T23:30:00Z", "2026-11-20T00:30:00Z", "2026-11-20T01:30:00Z", "2026-11-20T02:30:00Z"].map(at),
    );
  });

  it("moves to `sessions` only the aggregate hours a local midnight cuts", () => {
    const start = at("2026-11-18T00:00:00Z");
    const end = at("2026-11-21T00:00:00Z");
    const plan = { days: null, hours: [[start, end]] as Array<[number, number]>, live: [] };
    // Kolkata midnights at 18:30 UTC on the 18th, 19th and 20th: those three hours.
    const cut = cutAtBoundaries(plan, zonedBoundaries("Asia/Kolkata", "day", start, end));
    expect(cut.live).toEqual(
      ["2026-11-18", "2026-11-19", "2026-11-20"].map((d) => [at(`${d}T18:00:00Z`), at(`${d}T19:00:00Z`)]),
    );
    expect(cut.hours).toHaveLength(4);
    // Berlin's midnights are whole UTC hours: nothing to cut.
    expect(cutAtBoundaries(plan, zonedBoundaries("Europe/Berlin", "day", start, end))).toBe(plan);
  });
});

describe("previous period in a zone", () => {
  it("compares whole local days with as many local days, whatever their hours", () => {
    // Berlin's 23-hour 2026-03-29 against the 24-hour 2026-03-28.
    const day = { start: at("2026-03-28T23:00:00Z"), end: at("2026-03-29T22:00:00Z") };
    expect(previousWindow(day, "Europe/Berlin")).toEqual({
      period: "custom",
      start: at("2026-03-27T23:00:00Z"),
      end: at("2026-03-28T23:00:00Z"),
    });
    // New York's 2026-11-02 and 03 (48 h) against 2026-10-31 and 11-01 (24 + 25 h).
    const two = { start: at("2026-11-02T05:00:00Z"), end: at("2026-11-04T05:00:00Z") };
    expect(previousWindow(two, "America/New_York")).toEqual({
      period: "custom",
      start: at("2026-10-31T04:00:00Z"),
      end: at("2026-11-02T05:00:00Z"),
    });
  });

  it("keeps the length in hours for a window that does not start and end at local midnight", () => {
    const window = { start: at("2026-03-28T12:00:00Z"), end: at("2026-03-29T12:00:00Z") };
    expect(previousWindow(window, "Europe/Berlin")).toEqual({
      period: "custom",
      start: at("2026-03-27T12:00:00Z"),
      end: at("2026-03-28T12:00:00Z"),
    });
  });
});
