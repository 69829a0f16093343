import { VerificationBreakdown } from "@shared/reports/report-schemas";
import { trafficReportRoute } from "./report-route";

export const registerVerification = trafficReportRoute({
  path: "/api/v1/traffic/verification",
  operationId: "trafficVerification",
  summary: "Verification tiers of AI-agent sessions",
  description:
    "AI-agent sessions by verification tier (verified, declared, heuristic), per platform. Sessions count in the window when they started in [period_start, period_end).",
  answer: "Verification tiers of AI-agent sessions",
  schema: VerificationBreakdown,
  report: "verification",
});
