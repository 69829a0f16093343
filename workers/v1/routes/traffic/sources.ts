import { toCsv } from "@shared/encoding/csv";
import { SOURCE_CSV } from "@shared/reports/report-csv";
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
  csv: { table: "the by_source table", text: (r) => toCsv(SOURCE_CSV, r.by_source) },
  report: "sources",
});
