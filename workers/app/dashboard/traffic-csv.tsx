import { coverageHeader } from "@shared/reports/coverage-header";
import type { ReportParams } from "@shared/reports/report-context";
import { SOURCE_CSV } from "@shared/reports/report-csv";
import { siteCoverage } from "@shared/reports/site-coverage";
import { siteShard } from "@shared/shards/site-shard";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { type CsvPage, csvTable, fields } from "./csv-download";
import { pageWindow } from "./report-window-form";
import { siteOfPage } from "./site-context";

// CSV downloads of the traffic page's tables (issue 29, docs/reports.md "CSV"): each
// table is read through the same shard call as the page and the v1 report, so its rows
// are the API's rows, under the API's field names.

type Shard = ReturnType<typeof siteShard>;

export interface SiteReportInput {
  shard: Shard;
  params: ReportParams;
}

/** The site of the page (404 outside this workspace) and its window (400 when refused), as the report pages read them. */
export async function siteReportInput(c: Context<AppEnv>): Promise<SiteReportInput> {
  const site = await siteOfPage(c);
  const nowMs = Date.now();
  const timeZone = c.get("workspace").timeZone;
  const { window, problem } = pageWindow(c.req.query(), nowMs, timeZone);
  if (problem) throw new HTTPException(400, { message: problem });
  return { shard: siteShard(c.env, site.id), params: { site, window, nowMs, timeZone } };
}

/** The site's coverage kind beside a CSV of its reports (docs/reports.md "CSV"). */
export async function siteCoverageHeader(c: Context<AppEnv>, input: { params: ReportParams }) {
  return coverageHeader(await siteCoverage(c.env, c.get("workspace").id, input.params.site));
}

type TrafficTable = "platforms" | "outcomes" | "purposes" | "tiers" | "sources" | "referrer_hosts" | "top_pages";

export const TRAFFIC_CSV: CsvPage<SiteReportInput, TrafficTable> = {
  path: "/app/sites/:domain/traffic",
  input: siteReportInput,
  fileName: (i, table) => `${table}-${i.params.site.domain}`,
  headers: siteCoverageHeader,
  tables: {
    platforms: csvTable({
      title: "AI-agent sessions by platform",
      read: async ({ shard, params }: SiteReportInput) => (await shard.overview(params)).by_platform,
      columns: fields("platform", "sessions", "share_pct"),
    }),
    outcomes: csvTable({
      title: "AI-agent sessions by outcome",
      read: async ({ shard, params }: SiteReportInput) => (await shard.overview(params)).by_outcome,
      columns: fields("outcome", "sessions"),
    }),
    purposes: csvTable({
      title: "AI-agent sessions by purpose",
      read: async ({ shard, params }: SiteReportInput) => (await shard.purposeSplit(params)).by_purpose,
      columns: fields("purpose", "sessions", "share_pct"),
    }),
    tiers: csvTable({
      title: "Verification tiers by platform",
      read: async ({ shard, params }: SiteReportInput) => (await shard.verification(params)).by_platform,
      columns: fields("platform", "sessions", "verified", "declared", "heuristic", "tier"),
    }),
    sources: csvTable({
      title: "Sessions by source",
      read: async ({ shard, params }: SiteReportInput) => (await shard.sources(params)).by_source,
      columns: SOURCE_CSV,
    }),
    referrer_hosts: csvTable({
      title: "Top referrer hosts",
      read: async ({ shard, params }: SiteReportInput) => (await shard.sources(params)).top_referrer_hosts,
      columns: fields("host", "sessions"),
    }),
    top_pages: csvTable({
      title: "Entry pages of AI-agent sessions",
      read: async ({ shard, params }: SiteReportInput) => (await shard.overview(params)).top_pages,
      columns: fields("entry_url", "sessions"),
    }),
  },
};

export type TrafficTableName = TrafficTable;
