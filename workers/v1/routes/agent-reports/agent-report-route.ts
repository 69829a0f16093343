import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { RequestContext } from "@shared/context/request-context";
import { valueOrThrow } from "@shared/errors/api-error";
import type { AgentReportQuery, AgentReportRefusal } from "@shared/reads/agent-reports";
import type { Result } from "@shared/result/result";
import type { V1AppEnv } from "../../app-env";
import { ReportQuery, TrafficSeriesQuery } from "../traffic/schema";
import { v1Route } from "../v1-route";

/** What one report over AI agents' requests declares (docs/reports.md). */
export interface AgentReport<S extends z.ZodType> {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  schema: S;
  /** True when the report has a time series (the query takes `interval` and `timezone`). */
  series?: boolean;
  /** The use case (shared/reads/agent-reports.ts). */
  run: (ctx: RequestContext, query: AgentReportQuery) => Promise<Result<z.infer<S>, AgentReportRefusal>>;
}

/**
 * A report over AI agents' logged requests: GET with the traffic reports' query
 * (domain, period or from/to), scope traffic:read, the reads limit; the use case's
 * refusal becomes its catalogue error.
 */
export function agentReportRoute<S extends z.ZodType>(report: AgentReport<S>) {
  const route = v1Route(
    {
      method: "get",
      path: report.path,
      operationId: report.operationId,
      tags: ["Traffic"],
      summary: report.summary,
      description: report.description,
      request: { query: report.series ? TrafficSeriesQuery : ReportQuery },
      responses: {
        200: { description: report.summary, content: { "application/json": { schema: report.schema } } },
      },
    },
    {
      scope: "traffic:read",
      limit: "reads",
      errors: report.series
        ? ["invalid_domain", "invalid_window", "invalid_timezone", "site_not_found"]
        : ["invalid_domain", "invalid_window", "site_not_found"],
      conditional: true,
    },
  );
  return (app: OpenAPIHono<V1AppEnv>) => {
    app.openapi(route, async (c) => {
      const value = valueOrThrow(await report.run(c.get("ctx"), c.req.valid("query")), "query");
      return c.json(value, 200);
    });
  };
}
