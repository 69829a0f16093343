import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { coverageHeader, coverageHeaderDoc } from "@shared/reports/coverage-header";
import type { ReportParams } from "@shared/reports/report-context";
import { siteCoverage } from "@shared/reports/site-coverage";
import { siteShard } from "@shared/shards/site-shard";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { csvAnswer, csvContent, wantsCsv } from "./csv-answer";
import { reportInput } from "./report-input";
import { TrafficReportQuery, TrafficSeriesQuery } from "./schema";

/** What one grouped traffic report route declares; everything else is the same for each. */
export interface TrafficReport<S extends z.ZodType> {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** Description of the 200 answer. */
  answer: string;
  schema: S;
  /** True for the reports with a time series (overview, sources): the query takes `interval`. */
  series?: boolean;
  /** The report's table as CSV, for `Accept: text/csv` (docs/reports.md "CSV"): what it holds, and the text. */
  csv?: { table: string; text: (report: z.infer<S>) => string };
  /** The report, computed in the site's analytics shard (one call); the route adds `data_coverage`. */
  read: (shard: ReturnType<typeof siteShard>, params: ReportParams) => Promise<Omit<z.infer<S>, "data_coverage">>;
}

/**
 * A grouped traffic report (overview, sources, purpose split, verification): GET with
 * the report query (domain, period or custom window), scope traffic:read, the reads
 * limit; the site and window are resolved in the key's workspace and the report is one
 * call to the site's shard.
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
      request: { query: report.series ? TrafficSeriesQuery : TrafficReportQuery },
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
      const { workspaceId } = c.get("auth");
      const params = await reportInput(c.env.DB, workspaceId, c.req.valid("query"));
      const [computed, data_coverage] = await Promise.all([
        report.read(siteShard(c.env, params.site.id), params),
        siteCoverage(c.env, workspaceId, params.site),
      ]);
      const body = { ...computed, data_coverage } as z.infer<S>;
      if (!report.csv) return c.json(body, 200);
      if (wantsCsv(c))
        return csvAnswer(
          c,
          `${report.operationId}-${params.site.domain}`,
          report.csv.text(body),
          coverageHeader(data_coverage),
        ) as never;
      return c.json(body, 200, { Vary: "Accept" });
    });
  };
}
