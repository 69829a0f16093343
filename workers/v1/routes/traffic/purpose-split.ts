import { PurposeSplit } from "@shared/reports/report-schemas";
import { trafficReportRoute } from "./report-route";

export const registerPurposeSplit = trafficReportRoute({
  path: "/api/v1/traffic/purpose-split",
  operationId: "trafficPurposeSplit",
  summary: "Purpose split of AI-agent sessions",
  description:
    "AI-agent sessions by purpose: user_action, search, crawl, unknown. Sessions count in the window when they started in [period_start, period_end).",
  answer: "Purpose split of AI-agent sessions",
  schema: PurposeSplit,
  report: "purpose",
});
