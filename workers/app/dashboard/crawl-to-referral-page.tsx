import { platformName } from "@shared/display/display-names";
import { crawlToReferralReport } from "@shared/reads/agent-reports";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { renderPage } from "../layout/render";
import { CRAWL_TO_REFERRAL_CSV } from "./agent-report-csv";
import { AgentReportHead, agentReportInput } from "./agent-report-parts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "./assets";
import { SeriesChart } from "./chart";
import { CrawlToReferralTiles, OperatorTable } from "./crawl-to-referral-view";
import { CsvLink } from "./csv-download";
import { sitePageValue } from "./site-context";

// Crawl-to-referral of one site per AI operator: the v1 report's own use case
// (docs/reports.md "Crawl-to-referral").
export function registerCrawlToReferralPage(app: Hono<AppEnv>) {
  app.get("/app/sites/:domain/crawl-to-referral", async (c) => {
    const input = agentReportInput(c);
    const r = sitePageValue(input.domain, await crawlToReferralReport(input.ctx, input.query));
    return renderPage(c, {
      title: `Crawl-to-referral of ${r.domain}`,
      status: input.problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <AgentReportHead c={c} page="crawl-to-referral" input={input} report={r} />
          <p class="hint">
            For each AI operator: how many pages its crawlers and search agents fetched for each person its assistant
            sent to {r.domain} (a visit arriving from a link in ChatGPT, Claude, Perplexity...).
          </p>
          <CrawlToReferralTiles r={r} />
          {r.operators.length === 0 ? (
            <div class="empty" data-state={r.data_status}>
              <h2>Nothing to compare yet</h2>
              <p>No crawl or search request and no visit from an assistant's link in this window.</p>
            </div>
          ) : (
            <>
              <OperatorTable r={r} />
              <CsvLink
                c={c}
                page={CRAWL_TO_REFERRAL_CSV}
                at={`/sites/${encodeURIComponent(r.domain)}/crawl-to-referral`}
                table="operators"
                query={new URL(c.req.url).search}
              />
              <h2>Referred visits over time</h2>
              <SeriesChart
                id="referral-series"
                title="Visits arriving from each operator's assistant"
                series={{
                  interval: r.interval,
                  buckets: r.buckets,
                  zone: r.timezone,
                  lines: r.operators
                    .filter((o) => o.referrals > 0)
                    .map((o) => ({ label: platformName(o.operator), sessions: o.series.referrals })),
                }}
              />
            </>
          )}
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });
}
