import { describe, expect, it } from "vitest";
import { nextRetryDelay, RETRY_POLICY } from "../../shared/webhooks/retry-schedule";

const HOUR = 3600;

describe("webhook retry schedule", () => {
  it("grows 4x from 30 s, each delay between half and all of its base", () => {
    // base after attempt n = 30 * 4^(n-1): 30, 120, 480, 1920, 7680, 30720 s
    expect([1, 2, 3, 4, 5, 6].map((n) => nextRetryDelay(n, 0, 0))).toEqual([15, 60, 240, 960, 3840, 15360]);
    expect([1, 2, 3, 4, 5, 6].map((n) => nextRetryDelay(n, 0, 0.999999))).toEqual([29, 119, 479, 1919, 7679, 30719]);
  });

  it("makes every delay longer than the one before, whatever the jitter", () => {
    for (let n = 1; n < 7; n++) {
      const longestNow = nextRetryDelay(n, 0, 0.999999) ?? 0;
      const shortestNext = nextRetryDelay(n + 1, 0, 0) ?? 0;
      expect(shortestNext).toBeGreaterThan(longestNow);
    }
  });

  it("caps a delay at the queue's 12 h maximum and at what is left of 24 h", () => {
    // attempt 7: base 122880 s, half = 61440 s > 12 h = 43200 s
    expect(nextRetryDelay(7, 0, 0)).toBe(43200);
    // 20 h after the first attempt only 4 h = 14400 s remain
    expect(nextRetryDelay(7, 20 * HOUR, 0)).toBe(14400);
    expect(nextRetryDelay(2, 24 * HOUR - 10, 0.999999)).toBe(10);
  });

  it("gives up after 8 attempts or once 24 h have passed", () => {
    expect(RETRY_POLICY.maxAttempts).toBe(8);
    expect(nextRetryDelay(8, 0, 0)).toBeNull();
    expect(nextRetryDelay(3, 24 * HOUR, 0)).toBeNull();
    expect(nextRetryDelay(3, 30 * HOUR, 0)).toBeNull();
  });

  it("puts the last of 8 attempts within 24 h of the first at the longest jitter", () => {
    let elapsed = 0;
    let attempts = 1;
    for (;;) {
      const delay = nextRetryDelay(attempts, elapsed, 0.999999);
      if (delay === null) break;
      elapsed += delay;
      attempts += 1;
    }
    expect(attempts).toBe(8);
    // 29 + 119 + 479 + 1919 + 7679 + 30719 = 40944 s, then min(43200, 86400 - 40944) = 43200
    expect(elapsed).toBe(40944 + 43200);
    expect(elapsed).toBeLessThanOrEqual(24 * HOUR);
  });
});
