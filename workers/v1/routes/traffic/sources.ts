import { TrafficSources } from "@shared/reports/report-schemas";
import { trafficReportRoute } from "./report-route";

export const registerTrafficSources = trafficReportRoute({
  path: "/api/v1/traffic/sources",
  operationId: "trafficSources",
  summary: "Acquisition sources",
  description:
    "Every recorded session (agents and humans) by acquisition source, with sessions per hour or day by source; read coverage first. Sessions count in the window when they started in [period_start, period_end).",
  answer: "Acquisition sources",
  schema: TrafficSources,
  series: true,
  read: (shard, params) => shard.sources(params),
});
