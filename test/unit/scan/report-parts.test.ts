import { describe, expect, it } from "vitest";
import { hostFromInput } from "../../../shared/domains/host-from-input";
import { badgeSvg, scoreBand } from "../../../shared/scan/report/badge-svg";

describe("hostFromInput (the scan form's domain field)", () => {
  it("keeps only the host of a pasted URL and leaves a bare host alone", () => {
    expect(hostFromInput("https://www.shop.example/products/mug?variant=2#reviews")).toBe("www.shop.example");
    expect(hostFromInput("  shop.example/collections/all ")).toBe("shop.example");
    expect(hostFromInput("HTTP://Shop.Example:8080/")).toBe("shop.example");
    expect(hostFromInput("shop.example")).toBe("shop.example");
  });

  it("returns text that is no URL at all unchanged, for the server to refuse with its message", () => {
    expect(hostFromInput("http://not a domain")).toBe("http://not a domain");
    expect(hostFromInput("")).toBe("");
  });
});

describe("badgeSvg", () => {
  it("writes the score as text, so the badge reads without its colour", () => {
    const svg = badgeSvg("shop.example", 72);
    expect(svg).toContain(">72/100</text>");
    expect(svg).toContain('aria-label="shop.example: agent readiness 72/100"');
    expect(svg).toContain(scoreBand(72).colour);
  });

  it("bands scores at 90 and 50", () => {
    expect([90, 89, 50, 49].map((s) => scoreBand(s).name)).toEqual(["good", "needs work", "needs work", "poor"]);
  });

  it("escapes the domain in the title", () => {
    expect(badgeSvg('a"<b>', null)).not.toContain('a"<b>');
  });
});
