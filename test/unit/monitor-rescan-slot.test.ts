import { describe, expect, it } from "vitest";
import {
  fnv1a32,
  isRescanDue,
  latestRescanSlot,
  nextRescanAt,
  rescanOffsetMs,
} from "../../shared/monitors/rescan-slot";
import { DAY_MS } from "../../shared/time/durations";

describe("rescan slots", () => {
  it("hashes with FNV-1a 32 (published test vectors)", () => {
    // Vectors from the FNV reference test suite (draft-eastlake-fnv, appendix C).
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("gives each domain a fixed whole minute of the UTC day", () => {
    // 0xbf9cf968 = 3214735720 = 1440 × 2232455 + 520 → minute 520 = 08:40 UTC
    expect(rescanOffsetMs("foobar")).toBe(520 * 60_000);
    expect(rescanOffsetMs("foobar")).toBe(rescanOffsetMs("foobar"));
  });

  it("spreads 10,000 domains over the day without a crowded minute", () => {
    const perHour = new Array(24).fill(0);
    for (let i = 0; i < 10_000; i++) perHour[Math.floor(rescanOffsetMs(`shop-${i}.example.com`) / 3_600_000)] += 1;
    // An even spread is 416.7 per hour; allow ±20 %.
    for (const n of perHour) {
      expect(n).toBeGreaterThan(333);
      expect(n).toBeLessThan(500);
    }
  });

  it("is due when never rescanned, or once the domain's slot has passed since the last rescan", () => {
    const day = Date.UTC(2026, 10, 22);
    const slot = day + 520 * 60_000; // foobar at 08:40
    expect(latestRescanSlot("foobar", slot + 1)).toBe(slot);
    expect(latestRescanSlot("foobar", slot - 1)).toBe(slot - DAY_MS);
    expect(isRescanDue("foobar", null, day)).toBe(true);
    expect(isRescanDue("foobar", slot - 5 * 60_000, slot + 60_000)).toBe(true);
    expect(isRescanDue("foobar", slot, slot + 60_000)).toBe(false);
    expect(isRescanDue("foobar", slot + 60_000, slot + DAY_MS - 1)).toBe(false);
    expect(isRescanDue("foobar", slot + 60_000, slot + DAY_MS)).toBe(true);
  });

  it("expects the next rescan at the first 10-minute tick at or after the next slot, or the next tick when due", () => {
    const day = Date.UTC(2026, 10, 22);
    const slot = day + 520 * 60_000; // foobar at 08:40, itself a tick
    // Never rescanned: due, so the next tick after 08:43 is 08:50.
    expect(nextRescanAt("foobar", null, day + 523 * 60_000)).toBe(day + 530 * 60_000);
    // Rescanned at today's slot: tomorrow's 08:40.
    expect(nextRescanAt("foobar", slot, slot + 60_000)).toBe(slot + DAY_MS);
    // "b" hashes to 0xe70c2de5 = 3876335077 = 1440 × 2691899 + 517: minute 517 = 08:37, so its
    // rescan comes with the 08:40 tick.
    const bSlot = day + 517 * 60_000;
    expect(nextRescanAt("b", bSlot, bSlot + 1)).toBe(day + DAY_MS + 520 * 60_000);
  });
});
