import { describe, expect, it } from "vitest";
import { countChange, shareChange } from "../../workers/app/dashboard/period-change";

describe("a tile's change against the previous period", () => {
  it("says the relative change of a count in whole percent, with the previous value", () => {
    // (10 - 8) / 8 = 25%; (6 - 8) / 8 = -25%; (1 - 3) / 3 = -66.7% -> 67%
    expect(countChange(10, 8)).toEqual({ direction: "up", text: "▲ 25% (was 8)" });
    expect(countChange(6, 8)).toEqual({ direction: "down", text: "▼ 25% (was 8)" });
    expect(countChange(1, 3)).toEqual({ direction: "down", text: "▼ 67% (was 3)" });
  });

  it("calls a count that had nothing before new, and equal counts no change", () => {
    expect(countChange(4, 0)).toEqual({ direction: "up", text: "▲ new (was 0)" });
    expect(countChange(0, 0)).toEqual({ direction: "same", text: "no change (was 0)" });
    expect(countChange(7, 7, (n) => `${n} ms`)).toEqual({ direction: "same", text: "no change (was 7 ms)" });
  });

  it("gives a share's change in percentage points, one decimal", () => {
    // 42.5 - 40 = 2.5 points; 10 - 12.3 = -2.3 points
    expect(shareChange(42.5, 40)).toEqual({ direction: "up", text: "▲ 2.5 pts (was 40%)" });
    expect(shareChange(10, 12.3)).toEqual({ direction: "down", text: "▼ 2.3 pts (was 12.3%)" });
    expect(shareChange(5, 5)).toEqual({ direction: "same", text: "no change (was 5%)" });
  });
});
