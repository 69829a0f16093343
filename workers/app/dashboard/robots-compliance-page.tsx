import { agentName, platformName } from "@shared/display/display-names";
import { metricName } from "@shared/metrics/metric-text";
import { robotsComplianceReport } from "@shared/reads/agent-reports";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DataTable } from "../layout/data-table";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { ROBOTS_CSV } from "./agent-report-csv";
import { AgentReportHead, agentReportInput } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { sitePageValue } from "./site-context";
import { Tiles } from "./tiles";

// robots.txt compliance of one site: the v1 report's own use case, so every number
// equals the API's (docs/reports.md "robots.txt compliance").
export function registerRobotsCompliancePage(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/robots", async (c) => {
    const input = agentReportInput(c);
    const r = sitePageValue(input.domain, await robotsComplianceReport(input.ctx, input.query));
    const violators = r.agents.filter((a) => a.disallowed > 0);
    const csv = (table: "agents" | "violations") => (
      <CsvLink
        c={c}
        page={ROBOTS_CSV}
        at={`/sites/${encodeURIComponent(r.domain)}/robots`}
        table={table}
        query={new URL(c.req.url).search}
      />
    );
    return renderPage(c, {
      title: `robots.txt compliance of ${r.domain}`,
      status: input.problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <AgentReportHead c={c} page="robots" input={input} report={r} />
          <p class="hint">
            Each AI agent's request is judged against the robots.txt {r.domain} served when the request was made
            {r.robots_history.known_from ? (
              <>
                {" "}
                (history kept since <Time at={Date.parse(r.robots_history.known_from)} />)
              </>
            ) : (
              <> (no robots.txt fetched yet: requests are not judged until the daily fetch or a scan)</>
            )}
            . For 24 hours after a change, a request counts only if the previous file forbade it too.
          </p>
          {r.data_status === "no_requests_yet" ? (
            <div class="empty" data-state="no_requests_yet">
              <h2>No agent requests in this window</h2>
              <p>No AI agent's request was logged. These numbers come from log drains and server-side events only.</p>
            </div>
          ) : (
            <>
              <Tiles
                label="Key numbers"
                tiles={[
                  {
                    metric: "agent_requests",
                    value: r.totals.agent_requests,
                    label: metricName("agent_requests"),
                    footnote: `${r.totals.robots_fetches} of them robots.txt fetches, the same total as AI errors`,
                  },
                  {
                    metric: "judged",
                    value: r.totals.judged,
                    label: metricName("robots_judged"),
                    footnote: `of ${r.totals.requests} requests robots.txt governs; ${r.totals.not_judged} not judged`,
                  },
                  {
                    metric: "disallowed",
                    // Nothing judged is no verdict: never a 0 that reads as a pass.
                    value: r.totals.judged === 0 ? "Not judged" : r.totals.disallowed,
                    label: metricName("robots_disallowed"),
                  },
                  { metric: "violating_agents", value: violators.length, label: "Agents with a disallowed request" },
                  {
                    metric: "never_fetch",
                    value: r.never_fetch_robots.length,
                    label: "Agents never fetching robots.txt",
                  },
                ]}
              />
              {r.totals.not_judged > 0 ? (
                <p class="hint" data-metric="not_judged" data-count={r.totals.not_judged}>
                  Not judged: {r.totals.not_judged} of {r.totals.requests} requests
                  {notJudgedWhy(r.totals.not_judged_reasons)}.
                </p>
              ) : null}
              <h2>Agents</h2>
              <DataTable
                caption={{ text: "Requests per agent, judged by the robots.txt in force", visible: false }}
                columns={[
                  "Agent",
                  "Platform",
                  "Requests",
                  "Judged",
                  "Disallowed",
                  "robots.txt fetches",
                  "Last robots.txt fetch",
                ]}
              >
                {r.agents.map((a) => (
                  <tr data-agent={a.agent}>
                    <td data-label="Agent">{agentName(a.agent)}</td>
                    <td data-label="Platform">{platformName(a.platform)}</td>
                    <td data-label="Requests">{a.requests}</td>
                    <td data-label="Judged">{a.judged}</td>
                    <td data-label="Disallowed">{a.disallowed}</td>
                    <td data-label="robots.txt fetches">{a.robots_fetches}</td>
                    <td data-label="Last robots.txt fetch">
                      {a.last_robots_fetch_at ? <Time at={Date.parse(a.last_robots_fetch_at)} /> : "never"}
                    </td>
                  </tr>
                ))}
              </DataTable>
              {csv("agents")}
              <h2>Disallowed requests</h2>
              {violators.length === 0 ? (
                <p class="hint">No request in this window was disallowed when it was made.</p>
              ) : (
                <DataTable
                  caption={{ text: "Paths requested against the robots.txt in force", visible: false }}
                  columns={["Agent", "Path", "Requests", "Directive", "First", "Last"]}
                >
                  {violators.flatMap((a) =>
                    a.violations.map((v) => (
                      <tr data-violation={`${a.agent} ${v.path}`}>
                        <td data-label="Agent">{agentName(a.agent)}</td>
                        <td data-label="Path">
                          <code>{v.path}</code>
                        </td>
                        <td data-label="Requests">{v.requests}</td>
                        <td data-label="Directive">
                          <code>{v.directive}</code> (line {v.line}, file of{" "}
                          <Time at={Date.parse(v.robots_version_first_seen_at)} />)
                        </td>
                        <td data-label="First">
                          <Time at={Date.parse(v.first_at)} />
                        </td>
                        <td data-label="Last">
                          <Time at={Date.parse(v.last_at)} />
                        </td>
                      </tr>
                    )),
                  )}
                </DataTable>
              )}
              {violators.length > 0 ? csv("violations") : null}
            </>
          )}
        </>
      ),
    });
  });
}

/** Why requests were not judged, in words (shared/reports/robots-compliance.ts `not_judged_reasons`). */
function notJudgedWhy(reasons: { before_first_robots: number; agent_unnamed: number }): string {
  const why = [
    reasons.before_first_robots > 0
      ? `${reasons.before_first_robots} made before the first robots.txt this service fetched`
      : "",
    reasons.agent_unnamed > 0 ? `${reasons.agent_unnamed} by agents known only by a signature or address range` : "",
  ].filter(Boolean);
  return why.length === 0 ? "" : ` (${why.join("; ")})`;
}
