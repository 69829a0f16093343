import { CSV_TYPE, type CsvColumn, csvDisposition, toCsv } from "@shared/encoding/csv";
import type { ReportParams } from "@shared/reports/report-context";
import { SOURCE_CSV } from "@shared/reports/report-csv";
import { siteShard } from "@shared/shards/site-shard";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { pageWindow } from "./report-window-form";
import { siteOfPage } from "./site-context";

// CSV downloads of the traffic page's tables (issue 29, docs/reports.md "CSV"): each
// table is read through the same shard call as the page and the v1 report, so its rows
// are the API's rows, under the API's field names. Declared once as data: the route,
// the page's links and the tests go through TRAFFIC_TABLES.

type Shard = ReturnType<typeof siteShard>;

interface TrafficTable<R> {
  /** What the link says is downloaded. */
  title: string;
  read: (shard: Shard, params: ReportParams) => Promise<R[]>;
  columns: CsvColumn<R>[];
}

/** Columns that are the row's own fields, by name. */
function fields<R>(...names: Array<keyof R & string>): CsvColumn<R>[] {
  return names.map((name) => ({ name, value: (row) => row[name] as string | number | null }));
}

function table<R>(t: TrafficTable<R>): TrafficTable<unknown> {
  return t as TrafficTable<unknown>;
}

export const TRAFFIC_TABLES = {
  platforms: table({
    title: "AI-agent sessions by platform",
    read: async (s, p) => (await s.overview(p)).by_platform,
    columns: fields("platform", "sessions", "share_pct"),
  }),
  outcomes: table({
    title: "AI-agent sessions by outcome",
    read: async (s, p) => (await s.overview(p)).by_outcome,
    columns: fields("outcome", "sessions"),
  }),
  purposes: table({
    title: "AI-agent sessions by purpose",
    read: async (s, p) => (await s.purposeSplit(p)).by_purpose,
    columns: fields("purpose", "sessions", "share_pct"),
  }),
  tiers: table({
    title: "Verification tiers by platform",
    read: async (s, p) => (await s.verification(p)).by_platform,
    columns: fields("platform", "sessions", "verified", "declared", "heuristic", "tier"),
  }),
  sources: table({
    title: "Sessions by source",
    read: async (s, p) => (await s.sources(p)).by_source,
    columns: SOURCE_CSV,
  }),
  referrer_hosts: table({
    title: "Top referrer hosts",
    read: async (s, p) => (await s.sources(p)).top_referrer_hosts,
    columns: fields("host", "sessions"),
  }),
  top_pages: table({
    title: "Entry pages of AI-agent sessions",
    read: async (s, p) => (await s.overview(p)).top_pages,
    columns: fields("entry_url", "sessions"),
  }),
} as const;

export type TrafficTableName = keyof typeof TRAFFIC_TABLES;

/** The download link of one table, for the page's own window (its query string kept). */
export function CsvLink(props: { c: Context; domain: string; table: TrafficTableName; query: string }) {
  const path = `/sites/${encodeURIComponent(props.domain)}/traffic/csv/${props.table}` as const;
  const href = `${appHref(props.c, path)}${props.query}`;
  return (
    <p class="csv-link">
      <a href={href} download data-csv={props.table}>
        Download CSV<span class="visually-hidden">: {TRAFFIC_TABLES[props.table].title}</span>
      </a>
    </p>
  );
}

export function registerTrafficCsv(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/traffic/csv/:table", async (c) => {
    const site = await siteOfPage(c);
    const name = c.req.param("table");
    if (!Object.hasOwn(TRAFFIC_TABLES, name)) return c.text(`No table ${name} on the traffic page.`, 404);
    const nowMs = Date.now();
    const timeZone = c.get("workspace").timeZone;
    const { window, problem } = pageWindow(c.req.query(), nowMs, timeZone);
    if (problem) return c.text(problem, 400);
    const t = TRAFFIC_TABLES[name as TrafficTableName];
    const rows = await t.read(siteShard(c.env, site.id), { site, window, nowMs, timeZone });
    return c.body(toCsv(t.columns, rows), 200, {
      "Content-Type": CSV_TYPE,
      "Content-Disposition": csvDisposition(`${name}-${site.domain}`),
      "Cache-Control": "no-store",
    });
  });
}
