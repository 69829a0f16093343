import { type TrafficReportAnswer, type TrafficReportName, trafficReport } from "@shared/reads/traffic-report";
import { coverageHeader } from "@shared/reports/coverage-header";
import { SOURCE_CSV } from "@shared/reports/report-csv";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, fields } from "./csv-download";
import { dashboardQuery } from "./dashboard-query";
import { pageWindowInput } from "./report-window-form";
import { sitePageValue } from "./site-context";

// CSV downloads of the site dashboard's tables (issue 29, docs/reports.md "CSV"): each
// table is read from the same traffic report use case as the page and the v1 report, with
// the page's window and filters, so its rows are the API's rows, under the API's field names.

type Answer = TrafficReportAnswer<TrafficReportName>;
type TrafficTable = "platforms" | "outcomes" | "purposes" | "tiers" | "sources" | "referrer_hosts" | "top_pages";

/** The report each table is a part of: a download computes that report only. */
const REPORT_OF: Record<TrafficTable, TrafficReportName> = {
  platforms: "overview",
  outcomes: "overview",
  purposes: "purpose",
  tiers: "verification",
  sources: "sources",
  referrer_hosts: "sources",
  top_pages: "overview",
};

/** The table's report for the page's site and window (404 outside this workspace, 400 for a refused range). */
async function tableReport(c: Context<AppEnv>, table: TrafficTable): Promise<Answer> {
  const ctx = pageContext(c);
  const { query } = dashboardQuery(c.req.query());
  const { input, problem } = pageWindowInput(query, ctx.nowMs, ctx.timeZone);
  if (problem) throw new HTTPException(400, { message: problem });
  const domain = c.req.param("domain") ?? "";
  const answer = await trafficReport(ctx, {
    domain,
    ...input,
    ...query.filters,
    reports: { [REPORT_OF[table]]: {} } as Record<TrafficReportName, object>,
  });
  return sitePageValue(domain, answer) as Answer;
}

export const TRAFFIC_CSV: CsvPage<Answer, TrafficTable> = {
  path: "/app/sites/:domain/traffic",
  input: tableReport,
  fileName: (r, table) => `${table}-${r.site.domain}`,
  headers: async (_c, r) => coverageHeader(r.data_coverage),
  tables: {
    platforms: csvTable({
      title: "AI-agent sessions by platform",
      read: (r: Answer) => r.overview.by_platform,
      columns: fields("platform", "sessions", "share_pct"),
    }),
    outcomes: csvTable({
      title: "AI-agent sessions by outcome",
      read: (r: Answer) => r.overview.by_outcome,
      columns: fields("outcome", "sessions"),
    }),
    purposes: csvTable({
      title: "AI-agent sessions by purpose",
      read: (r: Answer) => r.purpose.by_purpose,
      columns: fields("purpose", "sessions", "share_pct"),
    }),
    tiers: csvTable({
      title: "Verification tiers by platform",
      read: (r: Answer) => r.verification.by_platform,
      columns: fields("platform", "sessions", "verified", "declared", "heuristic", "tier"),
    }),
    sources: csvTable({
      title: "Sessions by source",
      read: (r: Answer) => r.sources.by_source,
      columns: SOURCE_CSV,
    }),
    referrer_hosts: csvTable({
      title: "Top referrer hosts",
      read: (r: Answer) => r.sources.top_referrer_hosts,
      columns: fields("host", "sessions"),
    }),
    top_pages: csvTable({
      title: "Entry pages of AI-agent sessions",
      read: (r: Answer) => r.overview.top_pages,
      columns: fields("entry_url", "sessions"),
    }),
  },
};

export type TrafficTableName = TrafficTable;
