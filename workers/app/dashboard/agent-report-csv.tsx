import { agentErrorsReport, crawlToReferralReport, robotsComplianceReport } from "@shared/reads/agent-reports";
import type { AgentErrors, CrawlToReferral, RobotsCompliance } from "@shared/reports/agent-report-schemas";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { agentReportInput } from "./agent-report-parts";
import { type CsvPage, csvTable, fields, metricField } from "./csv-download";
import { sitePageValue } from "./site-context";

// The agent-report pages' tables as CSV: the same v1 use case as the page (so the
// numbers are the API's), its rows under the API's field names, except that a column
// that is a metric is headed by the metric catalogue's CSV header (docs/metrics.md). A
// list inside a row (statuses, agents) is one cell, `key:count` pairs joined by "; ".

type ReportInput = ReturnType<typeof agentReportInput>;

/** The page's report query, 400 for a refused range (the page shows its form instead). */
const reportInput = async (c: Context<AppEnv>) => {
  const input = agentReportInput(c);
  if (input.problem) throw new HTTPException(400, { message: input.problem });
  return input;
};
const pairs = (entries: [string, number][]) => entries.map(([k, n]) => `${k}:${n}`).join("; ");

type ErrorPath = AgentErrors["paths"][number];

export const AGENT_ERRORS_CSV: CsvPage<ReportInput, "paths"> = {
  path: "/app/sites/:domain/agent-errors",
  input: reportInput,
  fileName: (i) => `agent-errors-${i.query.domain}`,
  tables: {
    paths: csvTable({
      title: "Paths answered 4xx or 5xx",
      read: async (i: ReportInput) => sitePageValue(i.domain, await agentErrorsReport(i.ctx, i.query)).paths,
      columns: [
        ...fields<ErrorPath>("path"),
        metricField<ErrorPath>("error_requests", "requests"),
        { name: "statuses", value: (p: ErrorPath) => pairs(Object.entries(p.statuses)) },
        { name: "agents", value: (p: ErrorPath) => pairs(p.agents.map((a) => [a.agent, a.requests])) },
        ...fields<ErrorPath>("first_at", "last_at", "redirect_candidate"),
      ],
    }),
  },
};

type RobotsAgent = RobotsCompliance["agents"][number];
type Violation = RobotsAgent["violations"][number] & { agent: string };

const robots = async (i: ReportInput) => sitePageValue(i.domain, await robotsComplianceReport(i.ctx, i.query));

export const ROBOTS_CSV: CsvPage<ReportInput, "agents" | "violations"> = {
  path: "/app/sites/:domain/robots",
  input: reportInput,
  fileName: (i, table) => `robots-${table}-${i.query.domain}`,
  tables: {
    agents: csvTable({
      title: "Requests per agent",
      read: async (i: ReportInput) => (await robots(i)).agents,
      columns: [
        ...fields<RobotsAgent>("agent", "platform"),
        metricField<RobotsAgent>("robots_checked_requests", "requests"),
        metricField<RobotsAgent>("robots_judged", "judged"),
        metricField<RobotsAgent>("robots_disallowed", "disallowed"),
        metricField<RobotsAgent>("robots_fetches", "robots_fetches"),
        ...fields<RobotsAgent>("last_robots_fetch_at"),
      ],
    }),
    violations: csvTable({
      title: "Disallowed requests",
      read: async (i: ReportInput) =>
        (await robots(i)).agents.flatMap((a) => a.violations.map((v): Violation => ({ agent: a.agent, ...v }))),
      columns: [
        ...fields<Violation>("agent", "path"),
        // A violation's requests are the judged requests of that path its robots.txt disallowed.
        metricField<Violation>("robots_disallowed", "requests"),
        ...fields<Violation>(
          "directive",
          "line",
          "robots_version_id",
          "robots_version_first_seen_at",
          "first_at",
          "last_at",
        ),
      ],
    }),
  },
};

type Operator = CrawlToReferral["operators"][number];

export const CRAWL_TO_REFERRAL_CSV: CsvPage<ReportInput, "operators"> = {
  path: "/app/sites/:domain/crawl-to-referral",
  input: reportInput,
  fileName: (i) => `crawl-to-referral-${i.query.domain}`,
  tables: {
    operators: csvTable({
      title: "Crawl and search requests against referred visits, per operator",
      read: async (i: ReportInput) => sitePageValue(i.domain, await crawlToReferralReport(i.ctx, i.query)).operators,
      columns: [
        ...fields<Operator>("operator"),
        metricField<Operator>("crawl_requests", "crawl_requests"),
        metricField<Operator>("search_requests", "search_requests"),
        metricField<Operator>("referrals", "referrals"),
        metricField<Operator>("crawl_to_referral_ratio", "ratio"),
      ],
    }),
  },
};
