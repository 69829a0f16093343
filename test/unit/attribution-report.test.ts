import { describe, expect, it } from "vitest";
import { type AttributionGroup, buildAttributionTotals } from "../../shared/attribution/attribution-report";

const g = (
  platform: string,
  basis: AttributionGroup["basis"],
  source: string,
  sub_source: string | null,
  currency: string,
  conversions: number,
  value_minor: number,
): AttributionGroup => ({ platform, basis, source, sub_source, currency, conversions, value_minor });

describe("buildAttributionTotals", () => {
  it("adds money only within a currency and counts across currencies", () => {
    const totals = buildAttributionTotals([
      g("chatgpt", "declared_click_id", "paid", "chatgpt", "EUR", 2, 5000),
      g("chatgpt", "declared_click_id", "paid", "chatgpt", "USD", 1, 1999),
      g("chatgpt", "declared_utm", "ai_assistant_link", "chatgpt", "EUR", 3, 300),
      g("other", "declared_utm", "tagged", "newsletter", "JPY", 1, 1200),
      g("unattributed", "none", "unattributed", null, "EUR", 4, 100),
    ]);
    // Hand-computed: EUR 5000 + 300 + 100 = 5400 over 2 + 3 + 4 = 9; USD 1999 over 1; JPY 1200 over 1.
    expect(totals.total_conversions).toBe(11);
    expect(totals.attributed_conversions).toBe(7);
    expect(totals.unattributed_conversions).toBe(4);
    expect(totals.by_currency).toEqual([
      { currency: "EUR", conversions: 9, value_minor: 5400 },
      { currency: "JPY", conversions: 1, value_minor: 1200 },
      { currency: "USD", conversions: 1, value_minor: 1999 },
    ]);
    expect(totals.by_platform).toEqual([
      {
        platform: "chatgpt",
        conversions: 6,
        by_currency: [
          { currency: "EUR", conversions: 5, value_minor: 5300 },
          { currency: "USD", conversions: 1, value_minor: 1999 },
        ],
      },
      {
        platform: "unattributed",
        conversions: 4,
        by_currency: [{ currency: "EUR", conversions: 4, value_minor: 100 }],
      },
      { platform: "other", conversions: 1, by_currency: [{ currency: "JPY", conversions: 1, value_minor: 1200 }] },
    ]);
    expect(totals.by_basis).toEqual([
      { basis: "declared_click_id", conversions: 3 },
      { basis: "declared_utm", conversions: 4 },
      { basis: "none", conversions: 4 },
    ]);
    expect(totals.by_source).toContainEqual({
      source: "paid",
      sub_source: "chatgpt",
      basis: "declared_click_id",
      conversions: 3,
      by_currency: [
        { currency: "EUR", conversions: 2, value_minor: 5000 },
        { currency: "USD", conversions: 1, value_minor: 1999 },
      ],
    });
    expect(totals.by_source).toHaveLength(4);
  });

  it("lists all three bases with zero conversions for an empty period and has no ROAS field", () => {
    const totals = buildAttributionTotals([]);
    expect(totals).toEqual({
      total_conversions: 0,
      attributed_conversions: 0,
      unattributed_conversions: 0,
      by_currency: [],
      by_platform: [],
      by_basis: [
        { basis: "declared_click_id", conversions: 0 },
        { basis: "declared_utm", conversions: 0 },
        { basis: "none", conversions: 0 },
      ],
      by_source: [],
    });
    expect(JSON.stringify(totals)).not.toMatch(/roas|return_on/i);
  });

  it("keeps sources with the same name but different basis apart", () => {
    const totals = buildAttributionTotals([
      g("chatgpt", "declared_click_id", "paid", "chatgpt", "EUR", 1, 10),
      g("chatgpt", "declared_utm", "paid", "chatgpt", "EUR", 1, 20),
    ]);
    expect(totals.by_source.map((s) => [s.basis, s.by_currency[0].value_minor])).toEqual([
      ["declared_click_id", 10],
      ["declared_utm", 20],
    ]);
  });
});
