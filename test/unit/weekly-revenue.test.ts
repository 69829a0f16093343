import { describe, expect, it } from "vitest";
import { revenueLines, summarizeRevenue } from "../../shared/notifications/weekly-report";

// The weekly report's revenue lines: per currency, never added across currencies, and
// the AI assistants' links' part added per currency over their platforms.
describe("weekly report revenue", () => {
  it("adds the AI assistant links' conversions per currency over platforms, never across currencies", () => {
    const revenue = summarizeRevenue({
      by_currency: [
        { currency: "EUR", conversions: 4, value_minor: 10_000 },
        { currency: "JPY", conversions: 1, value_minor: 1200 },
      ],
      by_source: [
        { source: "ai_assistant_link", by_currency: [{ currency: "EUR", conversions: 1, value_minor: 1500 }] },
        {
          source: "ai_assistant_link",
          by_currency: [
            { currency: "EUR", conversions: 2, value_minor: 2500 },
            { currency: "JPY", conversions: 1, value_minor: 1200 },
          ],
        },
        { source: "paid", by_currency: [{ currency: "EUR", conversions: 1, value_minor: 6000 }] },
      ],
    });
    // EUR: 1500 + 2500 = 4000 from 1 + 2 = 3; JPY: 1200 from 1; the paid order is not an AI link.
    expect(revenue.fromAiLinks).toEqual([
      { currency: "EUR", conversions: 3, value_minor: 4000 },
      { currency: "JPY", conversions: 1, value_minor: 1200 },
    ]);
    expect(revenueLines(revenue)).toEqual([
      "Revenue recorded this week (per currency, never added across currencies):",
      "  100.00 EUR from 4 conversions; 40.00 EUR from 3 conversions after an AI assistant's link",
      // JPY has no minor digits (Intl): 1200 is ¥1200.
      "  1,200 JPY from 1 conversion; 1,200 JPY from 1 conversion after an AI assistant's link",
      "",
    ]);
  });

  it("says so when the week has no conversions", () => {
    expect(revenueLines(summarizeRevenue({ by_currency: [], by_source: [] }))).toEqual([
      "Revenue: no conversions recorded this week.",
      "",
    ]);
  });
});
