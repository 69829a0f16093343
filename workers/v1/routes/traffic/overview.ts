import { TrafficOverview } from "@shared/reports/report-schemas";
import { trafficReportRoute } from "./report-route";

export const registerTrafficOverview = trafficReportRoute({
  path: "/api/v1/traffic/overview",
  operationId: "trafficOverview",
  summary: "AI-agent traffic overview",
  description:
    "AI-agent sessions (an agent platform recognised): totals, platforms, outcomes, top entry pages, median duration, and sessions per hour or day by platform. Sessions count in the window when they started in [period_start, period_end).",
  answer: "AI-agent traffic overview",
  schema: TrafficOverview,
  series: true,
  report: "overview",
});
