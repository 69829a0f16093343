// Whether a value is a GTIN an agent or a feed can use (issue 45). GS1 General
// Specifications §3.2 (GTIN-8/12/13/14) and §7.9 ("Check digit calculation"): digits only,
// 8, 12, 13 or 14 of them, the last one the mod-10 check digit with weights 3 and 1 from
// the right. A GTIN whose digits are all the same (0000000000000) is a placeholder shops
// and plugins write when they have none; all zeros even carries a valid check digit, so
// it is refused by name. Google Merchant Center refuses such values too ("Invalid GTIN",
// support.google.com/merchants/answer/6324461).

export type GtinVerdict = { ok: true; digits: string } | { ok: false; reason: string };

/** The check digit GS1 computes for `body` (the GTIN without its last digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function readGtin(value: string): GtinVerdict {
  // Shops write GTINs with spaces or hyphens between groups; GS1 keys are the digits.
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return { ok: false, reason: "it is not made of digits" };
  if (![8, 12, 13, 14].includes(digits.length))
    return { ok: false, reason: `it has ${digits.length} digits, and a GTIN has 8, 12, 13 or 14` };
  if (/^(\d)\1+$/.test(digits)) {
    return {
      ok: false,
      reason:
        digits[0] === "0"
          ? "it is all zeros, a placeholder for a product without a GTIN (its check digit happens to be valid)"
          : `every digit is ${digits[0]}, a placeholder, not a product's GTIN`,
    };
  }
  const expected = gs1CheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.at(-1)))
    return { ok: false, reason: `its check digit is ${digits.at(-1)}, and GS1's calculation gives ${expected}` };
  return { ok: true, digits };
}
