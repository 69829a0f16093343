import type { AttributionOverview, CurrencyTotal } from "@shared/attribution/attribution-schema";
import { ATTRIBUTION_PERIODS, type AttributionPeriod } from "@shared/attribution/report-period";
import type { RequestContext } from "@shared/context/request-context";
import { type ChannelCsvRow, channelCsvRows } from "@shared/conversions/channel-csv";
import { conversionChannels } from "@shared/conversions/conversion-channels";
import { CONVERSION_CSV } from "@shared/conversions/conversion-csv";
import { allConversions, attributionReport } from "@shared/reads/conversion-reads";
import { coverageHeader } from "@shared/reports/coverage-header";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, fields, metric, metricField } from "./csv-download";

/** The Conversions page's period: `period` of its query when it is one of the report's, else 30 days. */
export function conversionsPeriod(q: { period?: string }): AttributionPeriod {
  return (ATTRIBUTION_PERIODS as readonly string[]).includes(q.period ?? "") ? (q.period as AttributionPeriod) : "30d";
}

/** The Conversions page's site: `domain` of its query, or undefined for the whole workspace. */
export function conversionsDomain(q: { domain?: string }): string | undefined {
  return q.domain ? q.domain : undefined;
}

/** The most conversions one download lists: the newest, read 200 a page (the API's largest page). */
export const CONVERSIONS_CSV_MAX_ROWS = 10_000;

interface ConversionsInput {
  ctx: RequestContext;
  /** One site's conversions, or undefined for the workspace's. */
  domain: string | undefined;
  period: AttributionPeriod;
  includeVoided: boolean;
}

const overview = async (i: ConversionsInput) =>
  pageValue(await attributionReport(i.ctx, { domain: i.domain, period: i.period }));

// A money cell per currency, never summed across currencies (contract): the report's
// per-platform and per-source rows become one row per currency, with that currency's
// conversions and value; their conversions add up to the report's row.
type MoneyRow<K> = K & CurrencyTotal;
const perCurrency = <K extends object>(key: K, byCurrency: CurrencyTotal[]): MoneyRow<K>[] =>
  byCurrency.map((m) => ({ ...key, ...m }));

type Basis = AttributionOverview["by_basis"][number];

/** A currency's orders and their value, headed by the metric catalogue (docs/metrics.md). */
const money = <R extends CurrencyTotal>() => [
  metricField<R>("conversions", "conversions"),
  metricField<R>("conversion_value", "value_minor"),
];

type ConversionsTable = "channels" | "by_currency" | "by_platform" | "by_basis" | "by_source" | "list";

export const CONVERSIONS_CSV: CsvPage<ConversionsInput, ConversionsTable> = {
  path: "/app/conversions",
  // `/app/conversions/*` is guarded by conversions.tsx, registered after this route.
  guard: [requireSignIn(), requireWorkspace()],
  input: async (c) => {
    const q = c.req.query();
    return {
      ctx: pageContext(c),
      domain: conversionsDomain(q),
      period: conversionsPeriod(q),
      includeVoided: q.include_voided === "1",
    };
  },
  // One site's tables carry its coverage kind, as the v1 CSV does (X-Data-Coverage).
  headers: async (_c, i) => {
    if (i.domain === undefined) return {};
    const { data_coverage } = pageValue(await attributionReport(i.ctx, { domain: i.domain, period: i.period }));
    return data_coverage ? coverageHeader(data_coverage) : {};
  },
  fileName: (i, table) => (table === "list" ? "conversions" : `conversions-${table}-${i.period}`),
  tables: {
    // The orders-by-channel report's CSV, as GET /api/v1/attribution/channels writes it.
    channels: csvTable({
      title: "Orders by channel, per currency, with the previous period",
      read: async (i: ConversionsInput) =>
        channelCsvRows(pageValue(await conversionChannels(i.ctx, { domain: i.domain, period: i.period }))),
      columns: [
        ...fields<ChannelCsvRow>("channel", "name", "currency"),
        metricField<ChannelCsvRow>("conversions", "orders"),
        metricField<ChannelCsvRow>("conversion_value", "value_minor"),
        metric("conversions", (r: ChannelCsvRow) => r.previous_orders, { previous: true }),
        metric("conversion_value", (r: ChannelCsvRow) => r.previous_value_minor, { previous: true }),
      ],
    }),
    by_currency: csvTable({
      title: "Conversions by currency",
      read: async (i: ConversionsInput) => (await overview(i)).by_currency,
      columns: [...fields<CurrencyTotal>("currency"), ...money<CurrencyTotal>()],
    }),
    by_platform: csvTable({
      title: "Conversions by platform, per currency",
      read: async (i: ConversionsInput) =>
        (await overview(i)).by_platform.flatMap((p) => perCurrency({ platform: p.platform }, p.by_currency)),
      columns: [...fields<MoneyRow<{ platform: string }>>("platform", "currency"), ...money<MoneyRow<object>>()],
    }),
    by_basis: csvTable({
      title: "Conversions by basis",
      read: async (i: ConversionsInput) => (await overview(i)).by_basis,
      columns: [...fields<Basis>("basis"), metricField<Basis>("conversions", "conversions")],
    }),
    by_source: csvTable({
      title: "Conversions by source, per currency",
      read: async (i: ConversionsInput) =>
        (await overview(i)).by_source.flatMap((s) =>
          perCurrency({ source: s.source, sub_source: s.sub_source, basis: s.basis }, s.by_currency),
        ),
      columns: [
        ...fields<MoneyRow<{ source: string; sub_source: string | null; basis: string }>>(
          "source",
          "sub_source",
          "basis",
          "currency",
        ),
        ...money<MoneyRow<object>>(),
      ],
    }),
    // Every page of GET /conversions (the API's CSV columns), newest first.
    list: csvTable({
      title: `Conversion list (the newest ${CONVERSIONS_CSV_MAX_ROWS.toLocaleString("en")} at most)`,
      read: async (i: ConversionsInput) =>
        pageValue(
          await allConversions(i.ctx, { domain: i.domain, includeVoided: i.includeVoided }, CONVERSIONS_CSV_MAX_ROWS),
        ).rows,
      columns: CONVERSION_CSV,
    }),
  },
};
