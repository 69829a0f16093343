import { describe, expect, it } from "vitest";
import { CHECKS } from "../../../shared/scan/checks/registry";
import { rankFixes } from "../../../shared/scan/report/fix-ranking";
import type { CheckResult, CheckStatus } from "../../../shared/scan/types";

// All 41 checks passing, then the statuses a test sets.
function results(overrides: Record<string, { status: CheckStatus; blocked?: boolean }>): CheckResult[] {
  return CHECKS.map((c) => ({
    layer: c.layer,
    key: c.key,
    status: overrides[c.key]?.status ?? "pass",
    blocked: overrides[c.key]?.blocked,
    message: `${c.key} message`,
    fix: overrides[c.key] ? `${c.key} fix` : null,
    evidence: null,
  }));
}

// Weights of scan-checks.md: access layer 18 in all (3+1+2+3+2+3+2+2), identity 14
// (2+1+1+1+2+2+3+2), interaction 18 (3+2+3+3+2+1+2+2: cart_add weighs 3, scoring version
// 3); layers 25/15/25/20/15 of 100.
describe("rankFixes", () => {
  it("ranks a failing weight-3 identity check above a warning weight-1 access check by exact points", () => {
    const r = rankFixes(results({ llms_txt: { status: "fail" }, response_time: { status: "warn" } }));
    expect(r.fixes.map((f) => f.check.key)).toEqual(["llms_txt", "response_time"]);
    // llms_txt: 15/100 × 3/14 × 100 = 3.2142…; response_time: 25/100 × 1/18 × 50 = 0.6944…
    expect(r.fixes[0].points).toBeCloseTo(45 / 14, 10);
    expect(r.fixes[1].points).toBeCloseTo(12.5 / 18, 10);
    // Now: access round(1750/18) = 97, identity round(1100/14) = 79, overall
    // round((25·97 + 15·79 + 6000)/100) = round(96.1) = 96. Fixing llms_txt: identity
    // 100, overall round(99.25) = 99. Fixing response_time: access 100, round(96.85) = 97.
    expect(r.fixes[0].scoreIfFixed).toBe(99);
    expect(r.fixes[1].scoreIfFixed).toBe(97);
    expect(r.fixes[0].title).toBe("llms.txt guides AI agents through the shop");
    expect(r.passes).toHaveLength(39);
    expect(r.blocked).toHaveLength(0);
  });

  it("puts blocked checks in their own group, never among the fixes", () => {
    const r = rankFixes(
      results({
        product_schema: { status: "fail", blocked: true },
        add_to_cart_control: { status: "fail", blocked: true },
        html_lang: { status: "fail" },
      }),
    );
    expect(r.fixes.map((f) => f.check.key)).toEqual(["html_lang"]);
    // add_to_cart_control: 25/100 × 3/18 × 100 = 4.1666…; product_schema: content layer
    // weighs 18 (3+3+3+2+1+2+2+1+1): 20/100 × 3/18 × 100 = 3.333…
    expect(r.blocked.map((f) => f.check.key)).toEqual(["add_to_cart_control", "product_schema"]);
    expect(r.blocked[0].points).toBeCloseTo(25 / 6, 10);
    expect(r.blocked[1].points).toBeCloseTo(10 / 3, 10);
  });

  it("breaks a tie in points by layer, then by check order", () => {
    // Both weight 1 in a layer of weight 14 (identity): 15/100 × 1/14 × 100 each.
    const r = rankFixes(results({ open_graph: { status: "fail" }, html_lang: { status: "fail" } }));
    expect(r.fixes.map((f) => f.check.key)).toEqual(["html_lang", "open_graph"]);
    expect(r.fixes[0].points).toBe(r.fixes[1].points);
  });
});
