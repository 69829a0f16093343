/**
 * "1,234.50 EUR", "1,200 JPY": minor units in the currency's own precision (Intl knows the
 * digits; JPY has none), grouped by thousands as a merchant reads an amount. Pages and
 * mail show it; CSV keeps plain minor units (no separator to quote).
 */
export function moneyText(valueMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // an unknown code keeps two digits
  }
  const amount = new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    valueMinor / 10 ** digits,
  );
  return `${amount} ${currency}`;
}
