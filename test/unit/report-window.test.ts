import { describe, expect, it } from "vitest";
import { mergeRanges } from "../../shared/reports/read-plan";
import { type ReportWindow, reportWindow, type WindowInput } from "../../shared/reports/report-window";
import { sharePct } from "../../shared/reports/share";
import { platformTier } from "../../shared/reports/verification";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 22, 12, 30, 0);

/** The window, for inputs that must be accepted. */
function windowOf(input: WindowInput): ReportWindow {
  const result = reportWindow(input, NOW);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value;
}

/** The refusal's code, or undefined when the window is accepted. */
function codeOf(input: WindowInput): string | undefined {
  const result = reportWindow(input, NOW);
  return result.ok ? undefined : result.code;
}

describe("reportWindow", () => {
  it("ends relative periods now and defaults to 7d", () => {
    expect(windowOf({})).toEqual({ period: "7d", start: NOW - 7 * DAY, end: NOW });
    expect(windowOf({ period: "1h" })).toEqual({ period: "1h", start: NOW - HOUR, end: NOW });
    expect(windowOf({ period: "90d" })).toEqual({ period: "90d", start: NOW - 90 * DAY, end: NOW });
  });

  it("lets from/to win over period, with to defaulting to now", () => {
    expect(windowOf({ period: "1h", from: "2026-11-20T00:00:00Z" })).toEqual({
      period: "custom",
      start: Date.UTC(2026, 10, 20),
      end: NOW,
    });
    expect(windowOf({ from: "2026-11-20T01:00:00+01:00", to: "2026-11-21T00:00:00Z" })).toEqual({
      period: "custom",
      start: Date.UTC(2026, 10, 20),
      end: Date.UTC(2026, 10, 21),
    });
  });

  it("accepts exactly 90 days and a from equal to now, refuses the rest with invalid_window", () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(codeOf({ from: iso(NOW - 90 * DAY) })).toBeUndefined();
    expect(codeOf({ from: iso(NOW) })).toBeUndefined();
    expect(codeOf({ from: iso(NOW - 90 * DAY - 1) })).toBe("invalid_window");
    expect(codeOf({ from: iso(NOW + 1) })).toBe("invalid_window");
    expect(codeOf({ from: iso(NOW - HOUR), to: iso(NOW - 2 * HOUR) })).toBe("invalid_window");
    expect(codeOf({ to: iso(NOW) })).toBe("invalid_window");
  });
});

describe("report arithmetic", () => {
  it("rounds shares to one decimal and gives 0 of nothing", () => {
    expect([sharePct(1, 3), sharePct(2, 3), sharePct(1, 8), sharePct(0, 5), sharePct(3, 0)]).toEqual([
      33.3, 66.7, 12.5, 0, 0,
    ]);
  });

  it("names a platform's tier by most sessions, a tie going to the stronger tier", () => {
    expect(platformTier({ verified: 1, declared: 5, heuristic: 0 })).toBe("declared");
    expect(platformTier({ verified: 2, declared: 2, heuristic: 0 })).toBe("verified");
    expect(platformTier({ verified: 0, declared: 3, heuristic: 3 })).toBe("declared");
    expect(platformTier({ verified: 0, declared: 0, heuristic: 1 })).toBe("heuristic");
  });

  it("merges overlapping and touching ranges and drops empty ones", () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [20, 30],
        [25, 27],
        [40, 40],
      ]),
    ).toEqual([
      [0, 5],
      [10, 30],
    ]);
  });
});
