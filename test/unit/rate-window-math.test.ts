import { describe, expect, it } from "vitest";
import { decideHit, windowStart } from "../../shared/rate-limit/window";

const minute = { name: "minute", limit: 3, periodSeconds: 60 };
const day = { name: "day", limit: 5, periodSeconds: 86_400 };
// 2026-11-21T10:00:30Z
const now = Date.UTC(2026, 10, 21, 10, 0, 30);

describe("fixed windows", () => {
  it("aligns windows to the epoch", () => {
    expect(windowStart(now, 60)).toBe(Date.UTC(2026, 10, 21, 10, 0, 0));
    expect(windowStart(now, 86_400)).toBe(Date.UTC(2026, 10, 21));
  });

  it("counts an allowed hit against every window and reports absolute resets", () => {
    const r = decideHit([minute, day], [0, 0], now);
    expect(r.allowed).toBe(true);
    expect(r.windows[0]).toEqual({
      name: "minute",
      limit: 3,
      used: 1,
      remaining: 2,
      resetAt: Date.UTC(2026, 10, 21, 10, 1, 0) / 1000,
    });
    expect(r.windows[1].resetAt).toBe(Date.UTC(2026, 10, 22) / 1000);
    expect(r.retryAfter).toBe(0);
  });

  it("refuses when any window is full, without counting, and says when to retry", () => {
    const r = decideHit([minute, day], [3, 3], now);
    expect(r.allowed).toBe(false);
    expect(r.windows[0]).toMatchObject({ used: 3, remaining: 0 });
    expect(r.windows[1]).toMatchObject({ used: 3, remaining: 2 });
    expect(r.retryAfter).toBe(30);
  });

  it("waits for the longest exhausted window", () => {
    const r = decideHit([minute, day], [3, 5], now);
    expect(r.retryAfter).toBe(86_400 - (10 * 3600 + 30));
  });

  it("reports without counting when asked to peek", () => {
    const r = decideHit([minute], [1], now, false);
    expect(r.windows[0]).toMatchObject({ used: 1, remaining: 2 });
  });
});
