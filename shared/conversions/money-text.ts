/** "12.34 EUR": minor units shown in the currency's own precision (Intl knows the digits; JPY has none). */
export function moneyText(valueMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // an unknown code keeps two digits
  }
  return `${(valueMinor / 10 ** digits).toFixed(digits)} ${currency}`;
}
