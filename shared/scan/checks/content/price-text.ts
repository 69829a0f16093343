// Prices as they appear in visible text: a currency sign or ISO code next to an amount.
export const PRICE_IN_TEXT =
  /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|PLN|JPY)\b)\s?\d[\d.,\s]*|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|PLN|JPY|kr|zł)\b)/;

/** Numbers written in the text (1,299.00 / 1.299,00 / 129), as values. */
export function amountsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d+(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?/g)) {
    const raw = m[0].replace(/\s/g, "");
    const decimal = /[.,]\d{1,2}$/.test(raw) ? raw.slice(-3).replace(/^[.,]/, "").length : 0;
    const digits = raw.replace(/[.,]/g, "");
    const value = decimal > 0 ? Number(digits) / 10 ** decimal : Number(digits);
    if (Number.isFinite(value)) out.push(value);
  }
  return out;
}
