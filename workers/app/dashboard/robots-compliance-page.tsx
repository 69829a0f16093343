import { countText } from "@shared/display/count-text";
import { robotsComplianceReport } from "@shared/reads/agent-reports";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { ROBOTS_CSV } from "./agent-report-csv";
import { AgentReportHead, agentReportInput } from "./agent-report-parts";
import { DASHBOARD_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { notJudgedWhy, RobotsAgents, RobotsTiles, RobotsViolations } from "./robots-compliance-view";
import { sitePageValue } from "./site-context";

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
              <RobotsTiles r={r} violators={violators.length} />
              {r.totals.not_judged > 0 ? (
                <p class="hint" data-metric="not_judged" data-count={r.totals.not_judged}>
                  Not judged: {r.totals.not_judged} of {countText(r.totals.requests, "request")}
                  {notJudgedWhy(r.totals.not_judged_reasons)}.
                </p>
              ) : null}
              <RobotsAgents r={r} />
              {csv("agents")}
              <h2>Disallowed requests</h2>
              <RobotsViolations violators={violators} />
              {violators.length > 0 ? csv("violations") : null}
            </>
          )}
        </>
      ),
    });
  });
}
