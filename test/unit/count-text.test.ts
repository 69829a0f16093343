import { describe, expect, it } from "vitest";
import { countText } from "../../shared/display/count-text";

describe("a count in words", () => {
  it("takes the singular for one and the plural otherwise, regular or given", () => {
    expect(countText(1, "page")).toBe("1 page");
    expect(countText(0, "page")).toBe("0 pages");
    expect(countText(2, "session")).toBe("2 sessions");
    expect(countText(1, "other form", "other forms")).toBe("1 other form");
    expect(countText(3, "other form", "other forms")).toBe("3 other forms");
  });
});
