import { agentName } from "@shared/display/display-names";
import { metricName } from "@shared/metrics/metric-text";
import { agentErrorsReport } from "@shared/reads/agent-reports";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { AGENT_ERRORS_CSV } from "./agent-report-csv";
import { AgentReportHead, agentReportInput } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { sitePageValue } from "./site-context";
import { Tiles } from "./tiles";

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
          <Tiles
            label="Key numbers"
            tiles={[
              {
                metric: "agent_requests",
                value: r.totals.agent_requests,
                label: metricName("agent_requests"),
                defined: "agent_requests",
                footnote: "robots.txt fetches included, the same total as robots.txt compliance",
              },
              {
                metric: "errors",
                value: r.totals.errors,
                label: "Answered 4xx or 5xx",
                defined: "error_requests",
              },
              {
                metric: "not_found",
                value: r.totals.not_found,
                label: "Not found (404, 410)",
                defined: "not_found_requests",
              },
              { metric: "server_errors", value: r.totals.server_errors, label: "Server errors (5xx)" },
            ]}
          />
          {r.paths.length === 0 ? (
            <p class="empty" data-state={r.data_status}>
              No AI agent's request answered an error in this window.
            </p>
          ) : (
            <DataTable
              caption={{
                text: "Paths answered 4xx or 5xx, most requested first. A missing page is worth a redirect.",
                visible: true,
              }}
              columns={["Path", "Requests", "Statuses", "Agents", "First", "Last", "Redirect?"]}
            >
              {r.paths.map((p) => (
                <tr data-path={p.path}>
                  <td data-label="Path">
                    <code>{p.path}</code>
                  </td>
                  <td data-label="Requests">{p.requests}</td>
                  <td data-label="Statuses">
                    {Object.entries(p.statuses)
                      .map(([s, n]) => `${s} × ${n}`)
                      .join(", ")}
                  </td>
                  <td data-label="Agents">{p.agents.map((a) => `${agentName(a.agent)} (${a.requests})`).join(", ")}</td>
                  <td data-label="First">
                    <Time at={Date.parse(p.first_at)} />
                  </td>
                  <td data-label="Last">
                    <Time at={Date.parse(p.last_at)} />
                  </td>
                  <td data-label="Redirect?">{p.redirect_candidate ? "Candidate" : "—"}</td>
                </tr>
              ))}
            </DataTable>
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
