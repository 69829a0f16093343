import { describe, expect, it } from "vitest";
import { moneyText } from "../../shared/conversions/money-text";

// How an amount reads on the pages and in the mail: the currency's own precision,
// grouped by thousands; the CSV keeps minor units (shared/conversions/channel-csv.ts).
describe("moneyText", () => {
  it("shows minor units in the currency's precision, grouped by thousands", () => {
    expect(moneyText(1999, "EUR")).toBe("19.99 EUR");
    expect(moneyText(123456789, "USD")).toBe("1,234,567.89 USD");
    expect(moneyText(1200, "JPY")).toBe("1,200 JPY");
    expect(moneyText(1234567, "KWD")).toBe("1,234.567 KWD");
    expect(moneyText(0, "EUR")).toBe("0.00 EUR");
    expect(moneyText(5, "USD")).toBe("0.05 USD");
  });

  it("keeps two digits for a code Intl does not know", () => {
    expect(moneyText(123400, "XYZ")).toBe("1,234.00 XYZ");
  });
});
