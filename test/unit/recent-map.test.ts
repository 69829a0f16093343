import { describe, expect, it } from "vitest";
import { RecentMap } from "../../shared/rate-limit/recent-map";

// The limiter's per-isolate state (shared/ingest/beacon-limits.ts) is bounded by
// forgetting the entry used longest ago, so a sender that keeps sending keeps its state.
describe("RecentMap", () => {
  it("forgets the entry used longest ago, never one still in use", () => {
    const map = new RecentMap<number>(3);
    map.set("flood", 1);
    map.set("a", 2);
    map.set("b", 3);
    // The flood keeps sending: each beacon reads its state.
    expect(map.get("flood")).toBe(1);
    map.set("c", 4);
    expect(map.size).toBe(3);
    expect(map.get("a")).toBeUndefined();
    expect(map.get("flood")).toBe(1);
    for (const key of ["d", "e", "f", "g"]) {
      map.set(key, 0);
      expect(map.get("flood")).toBe(1);
    }
    expect(map.size).toBe(3);
  });
});
