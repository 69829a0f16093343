import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { type TrafficReportName, trafficReport } from "@shared/reads/traffic-report";
import { coverageHeader, coverageHeaderDoc } from "@shared/reports/coverage-header";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { csvAnswer, csvContent, wantsCsv } from "./csv-answer";
import { FilteredReportQuery, FilteredSeriesQuery } from "./schema";

/** What one grouped traffic report route declares; everything else is the same for each. */
export interface TrafficReport<S extends z.ZodType> {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** Description of the 200 answer. */
  answer: string;
  schema: S;
  /** The report of the traffic report use case (shared/reads/traffic-report.ts) this route answers with. */
  report: TrafficReportName;
  /** True for the reports with a time series (overview, sources): the query takes `interval`. */
  series?: boolean;
  /** The report's table as CSV, for `Accept: text/csv` (docs/reports.md "CSV"): what it holds, and the text. */
  csv?: { table: string; text: (report: z.infer<S>) => string };
}

/**
 * A grouped traffic report (overview, sources, purpose split, verification): GET with
 * the report query (domain, period or custom window, filters), scope traffic:read, the reads
 * limit; the answer is the use case's report with the site's `data_coverage`.
 */
export function trafficReportRoute<S extends z.ZodType>(report: TrafficReport<S>) {
  const route = v1Route(
    {
      method: "get",
      path: report.path,
      operationId: report.operationId,
      tags: ["Traffic"],
      summary: report.summary,
      description: report.description,
      request: { query: report.series ? FilteredSeriesQuery : FilteredReportQuery },
      responses: {
        200: {
          description: report.answer,
          ...(report.csv ? { headers: coverageHeaderDoc } : {}),
          content: {
            "application/json": { schema: report.schema },
            ...(report.csv ? csvContent(report.csv.table) : {}),
          },
        },
      },
    },
    {
      scope: "traffic:read",
      limit: "reads",
      errors: ["invalid_domain", "invalid_window", "invalid_timezone", "site_not_found"],
      conditional: true,
    },
  );
  return (app: OpenAPIHono<V1AppEnv>) => {
    app.openapi(route, async (c) => {
      const query = c.req.valid("query");
      const reports = { [report.report]: { compare: query.compare } } as Record<TrafficReportName, object>;
      const answer = valueOrThrow(await trafficReport(c.get("ctx"), { ...query, reports }), "query");
      const body = { ...answer[report.report], data_coverage: answer.data_coverage } as z.infer<S>;
      if (!report.csv) return c.json(body, 200);
      if (wantsCsv(c))
        return csvAnswer(
          c,
          `${report.operationId}-${answer.site.domain}`,
          report.csv.text(body),
          coverageHeader(answer.data_coverage),
        ) as never;
      return c.json(body, 200, { Vary: "Accept" });
    });
  };
}
