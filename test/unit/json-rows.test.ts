import { describe, expect, it } from "vitest";
import { JSON_BYTES_PER_STATEMENT, jsonRowSlices, slicesWithin } from "../../shared/db/json-rows";

describe("rows cut for one statement each", () => {
  it("keeps items in order within the budget, and an item over it alone", () => {
    const size = (n: number) => n;
    expect(slicesWithin([3, 4, 2, 9, 1, 1], size, 9)).toEqual([[3, 4, 2], [9], [1, 1]]);
    expect(slicesWithin([12, 1], size, 9)).toEqual([[12], [1]]);
    expect(slicesWithin([], size, 9)).toEqual([]);
  });

  it("binds every row once, each slice's JSON within the bound string's budget", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`id-${i}`, "x".repeat(400), i]);
    const slices = jsonRowSlices(rows);
    expect(slices.length).toBeGreaterThan(1);
    expect(slices.flatMap((s) => JSON.parse(s))).toEqual(rows);
    for (const s of slices) expect(3 * s.length).toBeLessThanOrEqual(JSON_BYTES_PER_STATEMENT + 3);
  });
});
