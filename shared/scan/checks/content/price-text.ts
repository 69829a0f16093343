// Prices as shops write them: `36,00 EUR`, `1.299,00 €`, `1 299,00 zł`, `CHF 1’299.50`,
// `$1,299`, `129,-`, `49 euros`. Separators and currency words come from the Unicode CLDR
// locale data the runtime's Intl carries (ICU): for each locale below, the group and
// decimal separators `Intl.NumberFormat(locale).formatToParts` uses, and the currency's
// symbol, narrow symbol and display names (`currencyDisplay` symbol / narrowSymbol / name,
// singular and plural). The locales are those of the markets the scanner's shops sell in.

const LOCALES = [
  "en-US",
  "en-GB",
  "en-IN",
  "de-DE",
  "de-AT",
  "de-CH",
  "fr-FR",
  "fr-CH",
  "it-IT",
  "es-ES",
  "nl-NL",
  "pt-PT",
  "pt-BR",
  "pl-PL",
  "cs-CZ",
  "sv-SE",
  "da-DK",
  "nb-NO",
  "fi-FI",
  "ja-JP",
];
const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "JPY", "CAD", "AUD", "INR", "BRL"];

interface LocaleData {
  groups: Set<string>;
  decimals: Set<string>;
  /** Currency words and signs, lower-cased, longest first. */
  words: string[];
}

let data: LocaleData | null = null;

function localeData(): LocaleData {
  if (data) return data;
  const groups = new Set<string>();
  const decimals = new Set<string>();
  const words = new Set<string>(CURRENCIES.map((c) => c.toLowerCase()));
  for (const locale of LOCALES) {
    for (const part of new Intl.NumberFormat(locale).formatToParts(1234567.89)) {
      if (part.type === "group") groups.add(part.value);
      if (part.type === "decimal") decimals.add(part.value);
    }
    for (const currency of CURRENCIES) {
      for (const currencyDisplay of ["symbol", "narrowSymbol", "name"] as const) {
        for (const n of [1, 2, 5]) {
          const parts = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay }).formatToParts(
            n,
          );
          const word = parts
            .find((p) => p.type === "currency")
            ?.value.trim()
            .toLowerCase();
          if (word) words.add(word);
        }
      }
    }
  }
  // Written by hand in shops though not CLDR's display form: a trailing dash for a whole
  // amount (`129,-`) is read below; `Fr.` for the Swiss franc, `kr.` with a dot.
  words.add("fr.");
  words.add("kr.");
  data = { groups, decimals, words: [...words].sort((a, b) => b.length - a.length) };
  return data;
}

/** The separators and currency words read, for the docs and evidence. */
export function priceFormats(): { groups: string[]; decimals: string[]; currencyWords: number } {
  const d = localeData();
  return { groups: [...d.groups], decimals: [...d.decimals], currencyWords: d.words.length };
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let amountRe: RegExp | null = null;
let priceRe: RegExp | null = null;

/** An amount: digits in groups of three with any CLDR group separator, then an optional decimal part or `,-`. */
function amountPattern(): string {
  const d = localeData();
  const seps = [...new Set([...d.groups, " ", "'", "’"])].map(escapeRe).join("|");
  const dec = [...d.decimals].map(escapeRe).join("|");
  return `\\d{1,3}(?:(?:${seps})\\d{3})+(?:(?:${dec})(?:\\d{1,2}|-|–))?(?!\\d)|\\d+(?:(?:${dec})(?:\\d{1,2}|-|–))?(?!\\d)`;
}

/** A price in text: a currency word or sign right before or after an amount. */
export function priceInText(text: string): boolean {
  if (!priceRe) {
    const words = localeData()
      .words.map((w) => (/^[a-z]/i.test(w) ? `\\b${escapeRe(w)}${/[a-z]$/i.test(w) ? "\\b" : ""}` : escapeRe(w)))
      .join("|");
    const amount = amountPattern();
    priceRe = new RegExp(`(?:${words})\\s?(?:${amount})|(?:${amount})\\s?(?:${words})`, "iu");
  }
  return priceRe.test(text);
}

/** The value of one written amount: the last separator followed by 1-2 digits (or `-`) is the decimal one. */
function amountValue(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, "");
  const whole = /[.,][-–]$/.test(s);
  const body = whole ? s.slice(0, -2) : s;
  const decimal = /[.,]\d{1,2}$/.exec(body);
  const intPart = decimal ? body.slice(0, decimal.index) : body;
  const digits = intPart.replace(/[.,'’]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits) + (decimal ? Number(`0.${decimal[0].slice(1)}`) : 0);
  return Number.isFinite(value) ? value : null;
}

/** Numbers written in the text (1,299.00 / 1.299,00 / 1 299,00 / 1’299.00 / 129,- / 129), as values. */
export function amountsIn(text: string): number[] {
  amountRe ??= new RegExp(amountPattern(), "gu");
  const out: number[] = [];
  for (const m of text.matchAll(amountRe)) {
    const v = amountValue(m[0]);
    if (v !== null) out.push(v);
  }
  return out;
}

/**
 * schema.org/price: digits with a full stop as the decimal point, no group separators,
 * the currency in priceCurrency, not in the price ("Use '.' … rather than ',' to indicate
 * a decimal point. Avoid using these symbols as a readability separator").
 */
export function isSchemaPrice(price: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(price.trim());
}

/** A structured-data price as a shop wrote it, read like visible text (`36,00 EUR` → 36). */
export function readPrice(price: string): number | null {
  if (isSchemaPrice(price)) return Number(price.trim());
  return amountsIn(price)[0] ?? null;
}
