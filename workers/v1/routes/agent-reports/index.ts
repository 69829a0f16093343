import type { OpenAPIHono } from "@hono/zod-openapi";
import { agentErrorsReport, crawlToReferralReport, robotsComplianceReport } from "@shared/reads/agent-reports";
import { AgentErrors, CrawlToReferral, RobotsCompliance } from "@shared/reports/agent-report-schemas";
import type { V1AppEnv } from "../../app-env";
import { agentReportRoute } from "./agent-report-route";

const COVERAGE =
  "Read from server-side records (log drains, `POST /api/v1/events`): `coverage` says what the site reports from, so a snippet-only site's empty answer is not read as compliance.";

const registerRobotsCompliance = agentReportRoute({
  path: "/api/v1/traffic/robots-compliance",
  operationId: "robotsCompliance",
  summary: "robots.txt compliance by AI agent",
  description: `Each AI agent's requests in the window judged against the robots.txt the site served when the request was made (its robots.txt history, fetched daily and at every scan; RFC 9309 matching): disallowed paths with the directive line and counts, and agents that never fetch robots.txt. For 24 hours after robots.txt changed a request counts only if the previous version forbade it too (RFC 9309 §2.4 lets crawlers cache it that long). ${COVERAGE}`,
  schema: RobotsCompliance,
  run: robotsComplianceReport,
});

const registerCrawlToReferral = agentReportRoute({
  path: "/api/v1/traffic/crawl-to-referral",
  operationId: "crawlToReferral",
  summary: "Crawl-to-referral ratio by AI operator",
  description: `Per AI operator (platform): its agents' crawl and search requests against the human visits its assistant sent (sessions with source ai_assistant_link), in the window and per hour or day. ${COVERAGE}`,
  schema: CrawlToReferral,
  series: true,
  run: crawlToReferralReport,
});

const registerAgentErrors = agentReportRoute({
  path: "/api/v1/traffic/agent-errors",
  operationId: "agentErrors",
  summary: "AI agents' 404s and errors",
  description: `Paths AI agents requested that answered 4xx or 5xx, grouped by path (query dropped), with statuses, agents and dates; a 404 or 410 for a page is a redirect candidate. ${COVERAGE}`,
  schema: AgentErrors,
  run: agentErrorsReport,
});

export function registerAgentReportRoutes(app: OpenAPIHono<V1AppEnv>) {
  registerRobotsCompliance(app);
  registerCrawlToReferral(app);
  registerAgentErrors(app);
}
