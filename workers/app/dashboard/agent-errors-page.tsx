import { agentErrorsReport } from "@shared/reads/agent-reports";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { renderPage } from "../layout/render";
import { AgentErrorsTiles, ErrorPathsTable } from "./agent-errors-view";
import { AGENT_ERRORS_CSV } from "./agent-report-csv";
import { AgentReportHead, agentReportInput } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { sitePageValue } from "./site-context";

// AI agents' 404s and errors of one site: the v1 report's own use case
// (docs/reports.md "AI agents' 404s and errors").
export function registerAgentErrorsPage(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/agent-errors", async (c) => {
    const input = agentReportInput(c);
    const r = sitePageValue(input.domain, await agentErrorsReport(input.ctx, input.query));
    return renderPage(c, {
      title: `AI agents' errors on ${r.domain}`,
      status: input.problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <AgentReportHead c={c} page="agent-errors" input={input} report={r} />
          <AgentErrorsTiles r={r} />
          {r.paths.length === 0 ? (
            <p class="empty" data-state={r.data_status}>
              No AI agent's request answered an error in this window.
            </p>
          ) : (
            <ErrorPathsTable r={r} />
          )}
          {r.paths.length > 0 ? (
            <CsvLink
              c={c}
              page={AGENT_ERRORS_CSV}
              at={`/sites/${encodeURIComponent(r.domain)}/agent-errors`}
              table="paths"
              query={new URL(c.req.url).search}
            />
          ) : null}
        </>
      ),
    });
  });
}
