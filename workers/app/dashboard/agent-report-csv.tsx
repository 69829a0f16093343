import type { AgentErrors, CrawlToReferral, RobotsCompliance } from "@shared/reports/agent-report-schemas";
import {
  type AgentReportQuery,
  agentErrorsReport,
  crawlToReferralReport,
  robotsComplianceReport,
} from "@shared/reports/agent-reports";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { pageValue } from "../refusal-page";
import { agentReportInput } from "./agent-report-parts";
import { type CsvPage, csvTable, fields } from "./csv-download";
import type { AgentReportPage } from "./site-nav";

// The agent-report pages' tables as CSV: the same v1 use case as the page (so the
// numbers are the API's), its rows under the API's field names. A list inside a row
// (statuses, agents) is one cell, `key:count` pairs joined by "; ".

interface ReportInput {
  c: Context<AppEnv>;
  query: AgentReportQuery;
}

const reportInput = (page: AgentReportPage) => async (c: Context<AppEnv>) => {
  const input = await agentReportInput(c, page);
  if (input.problem) throw new HTTPException(400, { message: input.problem });
  return { c, query: input.query };
};

const workspaceOf = (i: ReportInput) => i.c.get("workspace").id;
const pairs = (entries: [string, number][]) => entries.map(([k, n]) => `${k}:${n}`).join("; ");

type ErrorPath = AgentErrors["paths"][number];

export const AGENT_ERRORS_CSV: CsvPage<ReportInput, "paths"> = {
  path: "/app/sites/:domain/agent-errors",
  input: reportInput("agent-errors"),
  fileName: (i) => `agent-errors-${i.query.domain}`,
  tables: {
    paths: csvTable({
      title: "Paths answered 4xx or 5xx",
      read: async (i: ReportInput) => pageValue(await agentErrorsReport(i.c.env, workspaceOf(i), i.query)).paths,
      columns: [
        ...fields<ErrorPath>("path", "requests"),
        { name: "statuses", value: (p: ErrorPath) => pairs(Object.entries(p.statuses)) },
        { name: "agents", value: (p: ErrorPath) => pairs(p.agents.map((a) => [a.agent, a.requests])) },
        ...fields<ErrorPath>("first_at", "last_at", "redirect_candidate"),
      ],
    }),
  },
};

type RobotsAgent = RobotsCompliance["agents"][number];
type Violation = RobotsAgent["violations"][number] & { agent: string };

const robots = async (i: ReportInput) => pageValue(await robotsComplianceReport(i.c.env, workspaceOf(i), i.query));

export const ROBOTS_CSV: CsvPage<ReportInput, "agents" | "violations"> = {
  path: "/app/sites/:domain/robots",
  input: reportInput("robots"),
  fileName: (i, table) => `robots-${table}-${i.query.domain}`,
  tables: {
    agents: csvTable({
      title: "Requests per agent",
      read: async (i: ReportInput) => (await robots(i)).agents,
      columns: fields<RobotsAgent>(
        "agent",
        "platform",
        "requests",
        "judged",
        "disallowed",
        "robots_fetches",
        "last_robots_fetch_at",
      ),
    }),
    violations: csvTable({
      title: "Disallowed requests",
      read: async (i: ReportInput) =>
        (await robots(i)).agents.flatMap((a) => a.violations.map((v): Violation => ({ agent: a.agent, ...v }))),
      columns: fields<Violation>(
        "agent",
        "path",
        "requests",
        "directive",
        "line",
        "robots_version_id",
        "robots_version_first_seen_at",
        "first_at",
        "last_at",
      ),
    }),
  },
};

type Operator = CrawlToReferral["operators"][number];

export const CRAWL_TO_REFERRAL_CSV: CsvPage<ReportInput, "operators"> = {
  path: "/app/sites/:domain/crawl-to-referral",
  input: reportInput("crawl-to-referral"),
  fileName: (i) => `crawl-to-referral-${i.query.domain}`,
  tables: {
    operators: csvTable({
      title: "Crawl and search requests against referred visits, per operator",
      read: async (i: ReportInput) =>
        pageValue(await crawlToReferralReport(i.c.env, workspaceOf(i), i.query)).operators,
      columns: fields<Operator>("operator", "crawl_requests", "search_requests", "referrals", "ratio"),
    }),
  },
};
