import { type TrafficReportAnswer, type TrafficReportName, trafficReport } from "@shared/reads/traffic-report";
import { coverageHeader } from "@shared/reports/coverage-header";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, fields, metricField } from "./csv-download";
import { dashboardQuery } from "./dashboard-query";
import { pageWindowInput } from "./report-window-form";
import { sitePageValue } from "./site-context";

// CSV downloads of the site dashboard's tables (issue 29, docs/reports.md "CSV"): each
// table is read from the same traffic report use case as the page and the v1 report, with
// the page's window and filters, so its rows are the API's rows. A column that is a metric
// is headed by the metric catalogue's CSV header (docs/metrics.md), which names what it
// counts (`agent_sessions` for AI-agent sessions, `all_sessions` for agents and people);
// the other columns keep the API's field names.

type Answer = TrafficReportAnswer<TrafficReportName>;
type Platform = Answer["overview"]["by_platform"][number];
type Outcome = Answer["overview"]["by_outcome"][number];
type Purpose = Answer["purpose"]["by_purpose"][number];
type Tiers = Answer["verification"]["by_platform"][number];
type Source = Answer["sources"]["by_source"][number];
type Referrer = Answer["sources"]["top_referrer_hosts"][number];
type Page = Answer["overview"]["top_pages"][number];
type HumanPage = Answer["sources"]["top_human_entry_pages"][number];
type TrafficTable =
  | "platforms"
  | "outcomes"
  | "purposes"
  | "tiers"
  | "sources"
  | "referrer_hosts"
  | "top_pages"
  | "human_pages";

/** The report each table is a part of: a download computes that report only. */
const REPORT_OF: Record<TrafficTable, TrafficReportName> = {
  platforms: "overview",
  outcomes: "overview",
  purposes: "purpose",
  tiers: "verification",
  sources: "sources",
  referrer_hosts: "sources",
  top_pages: "overview",
  human_pages: "sources",
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
      columns: [
        ...fields<Platform>("platform"),
        metricField<Platform>("agent_sessions", "sessions"),
        metricField<Platform>("agent_share_of_platform", "share_pct"),
      ],
    }),
    outcomes: csvTable({
      title: "AI-agent sessions by outcome",
      read: (r: Answer) => r.overview.by_outcome,
      columns: [...fields<Outcome>("outcome"), metricField<Outcome>("agent_sessions", "sessions")],
    }),
    purposes: csvTable({
      title: "AI-agent sessions by purpose",
      read: (r: Answer) => r.purpose.by_purpose,
      columns: [
        ...fields<Purpose>("purpose"),
        metricField<Purpose>("agent_sessions", "sessions"),
        metricField<Purpose>("agent_share_of_platform", "share_pct"),
      ],
    }),
    tiers: csvTable({
      title: "Verification tiers by platform",
      read: (r: Answer) => r.verification.by_platform,
      columns: [
        ...fields<Tiers>("platform"),
        metricField<Tiers>("agent_sessions", "sessions"),
        metricField<Tiers>("verified_sessions", "verified"),
        metricField<Tiers>("declared_sessions", "declared"),
        metricField<Tiers>("heuristic_sessions", "heuristic"),
        ...fields<Tiers>("tier"),
      ],
    }),
    sources: csvTable({
      title: "Sessions by source",
      read: (r: Answer) => r.sources.by_source,
      columns: [
        ...fields<Source>("source", "sub_source"),
        metricField<Source>("source_sessions", "sessions"),
        metricField<Source>("source_share", "share_pct"),
      ],
    }),
    referrer_hosts: csvTable({
      title: "Top referrer hosts",
      read: (r: Answer) => r.sources.top_referrer_hosts,
      columns: [...fields<Referrer>("host"), metricField<Referrer>("referrer_host_sessions", "sessions")],
    }),
    top_pages: csvTable({
      title: "Entry pages of AI-agent sessions",
      read: (r: Answer) => r.overview.top_pages,
      columns: [...fields<Page>("entry_url"), metricField<Page>("agent_entry_sessions", "sessions")],
    }),
    human_pages: csvTable({
      title: "Entry pages of human visits",
      read: (r: Answer) => r.sources.top_human_entry_pages,
      columns: [...fields<HumanPage>("url"), metricField<HumanPage>("human_entry_visits", "visits")],
    }),
  },
};

export type TrafficTableName = TrafficTable;
