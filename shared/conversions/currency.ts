// ISO 4217 check for `currency` (docs/decisions.md#7-conversions-and-attribution: "unknown ISO 4217 code" is rejected).
// The list is the runtime's own: `Intl.supportedValuesOf("currency")` in workerd,
// i.e. the ICU/CLDR currency table maintained with the runtime (it also holds
// historic codes such as DEM, which remain real ISO 4217 codes). Two codes are
// refused although listed, because ISO 4217 defines them as "no currency": XXX
// (no currency involved) and XTS (reserved for testing).
// Case: "usd" is accepted and stored as "USD". Codes are case-insensitive in practice
// (Stripe sends lowercase), and accepting them cannot change the amount's meaning.

const NOT_MONEY = new Set(["XXX", "XTS"]);

let known: ReadonlySet<string> | undefined;

function knownCurrencies(): ReadonlySet<string> {
  known ??= new Set(Intl.supportedValuesOf("currency"));
  return known;
}

/** The canonical (uppercase) ISO 4217 code, or null when `input` is not one. */
export function normalizeCurrency(input: string): string | null {
  if (!/^[A-Za-z]{3}$/.test(input)) return null;
  const code = input.toUpperCase();
  if (NOT_MONEY.has(code) || !knownCurrencies().has(code)) return null;
  return code;
}
