import { describe, expect, it } from "vitest";
import { dateText, timeText, zoneName } from "../../shared/display/time-text";

const at = (iso: string) => Date.parse(iso);

// Offsets from the tz database: Berlin is +01:00 (CET) in winter and +02:00 (CEST) from
// 01:00 UTC on the last Sunday of March; New York -05:00 (EST) in winter; Kathmandu
// +05:45 all year, with no abbreviation in CLDR.

describe("the one time format", () => {
  it("writes an instant as date, minutes and the zone's name, in UTC by default", () => {
    expect(timeText(at("2026-11-28T19:31:57.123Z"))).toBe("2026-11-28 19:31 UTC");
    expect(timeText("2026-11-28T19:31:57.123Z", true)).toBe("2026-11-28 19:31:57 UTC");
  });

  it("writes the wall clock of the workspace's zone with its short name, across a DST change", () => {
    expect(timeText(at("2026-11-28T19:31:57Z"), false, "Europe/Berlin")).toBe("2026-11-28 20:31 CET");
    expect(timeText(at("2026-03-29T00:59:00Z"), false, "Europe/Berlin")).toBe("2026-03-29 01:59 CET");
    expect(timeText(at("2026-03-29T01:00:00Z"), false, "Europe/Berlin")).toBe("2026-03-29 03:00 CEST");
    expect(timeText(at("2026-11-28T03:05:09Z"), true, "America/New_York")).toBe("2026-11-27 22:05:09 EST");
  });

  it("falls back to the offset where the zone has no short name", () => {
    expect(zoneName("Asia/Kathmandu", at("2026-11-28T00:00:00Z"))).toBe("UTC+05:45");
    expect(timeText(at("2026-11-28T20:00:00Z"), false, "Asia/Kathmandu")).toBe("2026-11-29 01:45 UTC+05:45");
  });

  it("gives the calendar day in the zone", () => {
    expect(dateText(at("2026-11-27T23:30:00Z"))).toBe("2026-11-27");
    expect(dateText(at("2026-11-27T23:30:00Z"), "Europe/Berlin")).toBe("2026-11-28");
  });

  it("never writes an ISO timestamp or an RFC 7231 date", () => {
    const text = timeText(at("2026-11-27T20:00:00.000Z"), true, "Europe/Paris");
    expect(text).toBe("2026-11-27 21:00:00 CET");
    expect(text).not.toMatch(/\dT\d|Z\b|GMT/);
  });
});
