import { moneyText } from "@shared/conversions/money-text";

/**
 * Amounts one per line, each in its own currency: money is never summed across
 * currencies (contract "Conversions"). `empty` is what a cell without an amount reads.
 */
export function MoneyPerCurrency(props: { byCurrency: { currency: string; value_minor: number }[]; empty?: string }) {
  if (props.byCurrency.length === 0) return <>{props.empty ?? "–"}</>;
  return (
    <>
      {props.byCurrency.map((m, i) => (
        <>
          {i > 0 ? <br /> : null}
          <span data-currency={m.currency} data-value-minor={m.value_minor}>
            {moneyText(m.value_minor, m.currency)}
          </span>
        </>
      ))}
    </>
  );
}
