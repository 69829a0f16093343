import { describe, expect, it } from "vitest";
import { nextUtcMidnight, rotate, utcDay } from "../../shared/salt/salt-schedule";

const at = (iso: string) => Date.parse(iso);
let minted = 0;
const mint = () => `salt-${++minted}`;

describe("daily salt schedule", () => {
  it("mints today's and yesterday's salt when none exists (a service started today takes yesterday's events)", () => {
    const next = rotate([], at("2026-11-21T10:00:00Z"), mint);
    expect(next.map((s) => s.day)).toEqual(["2026-11-20", "2026-11-21"]);
    expect(next[0].salt).not.toBe(next[1].salt);
  });

  it("mints yesterday's salt after a day without any use, deleted at the usual time", () => {
    const day1 = rotate([], at("2026-11-21T10:00:00Z"), mint);
    const day4 = rotate(day1, at("2026-11-24T08:00:00Z"), mint);
    expect(day4.map((s) => s.day)).toEqual(["2026-11-23", "2026-11-24"]);
    expect(day4.some((s) => day1.some((old) => old.salt === s.salt))).toBe(false);
    // 48 h after 2026-11-23 began, its salt is gone however late it was minted.
    expect(rotate(day4, at("2026-11-25T00:00:00Z"), mint).map((s) => s.day)).toEqual(["2026-11-24", "2026-11-25"]);
  });

  it("keeps yesterday's salt after midnight for sessions that cross it", () => {
    const day1 = rotate([], at("2026-11-21T23:59:00Z"), mint);
    const day2 = rotate(day1, at("2026-11-22T00:00:00Z"), mint);
    expect(day2.map((s) => s.day)).toEqual(["2026-11-21", "2026-11-22"]);
    expect(day2[0].salt).toBe(day1[1].salt);
    expect(day2[1].salt).not.toBe(day1[1].salt);
  });

  it("deletes a salt 48 hours after its day began", () => {
    const day1 = rotate([], at("2026-11-21T12:00:00Z"), mint);
    const day2 = rotate(day1, at("2026-11-22T12:00:00Z"), mint);
    const day3 = rotate(day2, at("2026-11-23T00:00:00Z"), mint);
    expect(day3.map((s) => s.day)).toEqual(["2026-11-22", "2026-11-23"]);
  });

  it("returns the same array when nothing changes", () => {
    const day1 = rotate([], at("2026-11-21T01:00:00Z"), mint);
    expect(rotate(day1, at("2026-11-21T02:00:00Z"), mint)).toBe(day1);
  });

  it("computes UTC days and the next midnight", () => {
    expect(utcDay(at("2026-11-21T23:59:59Z"))).toBe("2026-11-21");
    expect(nextUtcMidnight(at("2026-11-21T23:59:59Z"))).toBe(at("2026-11-22T00:00:00Z"));
    expect(nextUtcMidnight(at("2026-11-22T00:00:00Z"))).toBe(at("2026-11-23T00:00:00Z"));
  });
});
