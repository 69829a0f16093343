import { CSV_TYPE, type CsvColumn, type CsvValue, csvDisposition, toCsv } from "@shared/encoding/csv";
import type { MetricId } from "@shared/metrics/metric-catalogue";
import { csvHeader } from "@shared/metrics/metric-text";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";

// "Download CSV" for the app's tables (issue 29, docs/app.md "CSV downloads"): each page
// declares its tables once as data (a CsvPage), and this one route per page serves them.
// A table reads through the same shared call as its page (so CSV == page == API) and is
// written by shared/encoding/csv.ts (RFC 4180, formula guard). The page's links, the
// route and the tests all go through the declaration; there is no second way.

/** One downloadable table: what the link says, how its rows are read, its columns. */
export interface CsvTable<In, R> {
  title: string;
  read: (input: In) => Promise<R[]> | R[];
  columns: CsvColumn<R>[];
}

/** A page's tables, each answering at `{path}/csv/{table}` with the page's own query string. */
export interface CsvPage<In, Name extends string> {
  /** The page's route as declared (short form, `/app/...`, with its `:params`). */
  path: string;
  /** Guards the page route has through a prefix `app.use`, when this path has none. */
  guard?: MiddlewareHandler<AppEnv>[];
  /**
   * What the tables read from, checked as the page checks it (its site in this
   * workspace, its window): throws an HTTPException, as the page would, for a bad input.
   * Given the table asked for, so a page of several reports reads only that table's.
   */
  input: (c: Context<AppEnv>, table: Name) => Promise<In>;
  /** The download's file name without `.csv`. */
  fileName: (input: In, table: Name) => string;
  tables: Record<Name, CsvTable<In, unknown>>;
  /** Response headers that travel beside the table (e.g. the site's data coverage). */
  headers?: (c: Context<AppEnv>, input: In) => Promise<Record<string, string>>;
}

/** Columns that are the row's own fields, under their names. */
export function fields<R>(...names: Array<keyof R & string>): CsvColumn<R>[] {
  return names.map((name) => ({ name, value: (row) => row[name] as CsvValue }));
}

/**
 * A column that is a metric (docs/metrics.md): its header is the catalogue's CSV header,
 * which names the population it counts (`agent_sessions`, `all_sessions`, ...), and never
 * a header written here; `previous` heads the same metric over the previous period.
 * Columns that are not metrics (dates, names, ids) keep their field names.
 */
export function metric<R>(id: MetricId, value: (row: R) => CsvValue, opts: { previous?: boolean } = {}): CsvColumn<R> {
  return { name: `${opts.previous ? "previous_" : ""}${csvHeader(id)}`, value };
}

/** A metric column whose value is the row's own field `field`. */
export function metricField<R>(id: MetricId, field: keyof R & string): CsvColumn<R> {
  return metric(id, (row) => row[field] as CsvValue);
}

/** A table, typed by its rows where it is declared, stored beside the page's other tables. */
export function csvTable<In, R>(t: CsvTable<In, R>): CsvTable<In, unknown> {
  return t as CsvTable<In, unknown>;
}

/** An epoch-ms time as the API writes times (RFC 3339, UTC); null stays empty. */
export const isoTime = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function registerCsvPage<In, Name extends string>(app: Hono<AppEnv>, page: CsvPage<In, Name>) {
  const route = `${page.path}/csv/:table`;
  if (page.guard) app.use(route, ...page.guard);
  app.get(route, async (c) => {
    const name = c.req.param("table") ?? "";
    if (!Object.hasOwn(page.tables, name)) throw new HTTPException(404, { message: `No table ${name} on this page.` });
    const input = await page.input(c, name as Name);
    const table = page.tables[name as Name];
    const [rows, extra] = await Promise.all([table.read(input), page.headers?.(c, input) ?? {}]);
    return c.body(toCsv(table.columns, rows), 200, {
      ...extra,
      "Content-Type": CSV_TYPE,
      "Content-Disposition": csvDisposition(page.fileName(input, name as Name)),
      "Cache-Control": "no-store",
    });
  });
}

/**
 * The download link of one table: `at` is the page's own address as `appHref` takes it
 * (`/sites/shop.example/traffic`), `query` its query string (with `?`) so the CSV has the
 * page's window and filters. The accessible name says which table.
 */
export function CsvLink<In, Name extends string>(props: {
  c: Context;
  page: CsvPage<In, Name>;
  at: string;
  table: Name;
  query?: string;
}) {
  const href = `${appHref(props.c, `${props.at}/csv/${props.table}`)}${props.query ?? ""}`;
  return (
    <p class="csv-link">
      <a href={href} download data-csv={props.table}>
        Download CSV<span class="visually-hidden">: {props.page.tables[props.table].title}</span>
      </a>
    </p>
  );
}

/** `?…` of this request, or "" (a CSV link keeps the page's window and filters). */
export function pageQuery(c: Context): string {
  const url = new URL(c.req.url);
  return url.search;
}
