import { type CsvColumn, toCsv } from "../encoding/csv";
import type { ConversionChannels, OrderMoney } from "./channel-schema";

/** One row of the orders-by-channel CSV: a channel in one currency, with the previous period's. */
export interface ChannelCsvRow {
  channel: string;
  name: string;
  /** Empty for orders whose source gave no amount (and for a channel without orders). */
  currency: string | null;
  orders: number;
  value_minor: number;
  previous_orders: number;
  previous_value_minor: number;
}

const COLUMNS: CsvColumn<ChannelCsvRow>[] = (
  ["channel", "name", "currency", "orders", "value_minor", "previous_orders", "previous_value_minor"] as const
).map((name) => ({ name, value: (row) => row[name] }));

function perCurrency(
  now: { orders: number; by_currency: OrderMoney[] },
  before: { orders: number; by_currency: OrderMoney[] },
) {
  const currencies = [...new Set([...now.by_currency, ...before.by_currency].map((m) => m.currency))];
  const of = (t: typeof now, c: string) => t.by_currency.find((m) => m.currency === c);
  const rows = currencies.map((currency) => ({
    currency: currency as string | null,
    orders: of(now, currency)?.orders ?? 0,
    value_minor: of(now, currency)?.value_minor ?? 0,
    previous_orders: of(before, currency)?.orders ?? 0,
    previous_value_minor: of(before, currency)?.value_minor ?? 0,
  }));
  // Orders without an amount count in no currency: one row of their own.
  const sum = (t: typeof now) => t.by_currency.reduce((n, m) => n + m.orders, 0);
  const noAmount = { now: now.orders - sum(now), before: before.orders - sum(before) };
  if (noAmount.now > 0 || noAmount.before > 0 || rows.length === 0)
    rows.push({
      currency: null,
      orders: noAmount.now,
      value_minor: 0,
      previous_orders: noAmount.before,
      previous_value_minor: 0,
    });
  return rows;
}

/**
 * The orders-by-channel report as CSV (docs/conversions.md "Orders by channel"): one row
 * per channel and currency, every channel present, the previous period's figures beside
 * the period's. The v1 route (`Accept: text/csv`) and the app's download both use it.
 */
export function channelCsvRows(report: ConversionChannels): ChannelCsvRow[] {
  return report.channels.flatMap((c) =>
    perCurrency(c, c.previous).map((row) => ({ channel: c.channel, name: c.name, ...row })),
  );
}

export function channelCsv(report: ConversionChannels): string {
  return toCsv(COLUMNS, channelCsvRows(report));
}
