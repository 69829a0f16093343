import { channelsInWindow } from "@shared/conversions/conversion-channels";
import { valueOrThrow } from "@shared/errors/api-error";
import { trafficReport } from "@shared/reads/traffic-report";
import { reportWindow } from "@shared/reports/report-window";
import { listWorkspaceSites } from "@shared/sites/list-sites";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { dashboardQuery, queryString } from "./dashboard-query";
import { OrderChannelsCard } from "./order-channels";
import { pageWindowInput } from "./report-window-form";
import { sitePageValue, sitePaths } from "./site-context";
import { DASHBOARD_REPORTS, SiteDashboard, siteAnswer } from "./site-dashboard";
import { SiteNav, siteHref } from "./site-nav";
import { TRAFFIC_CSV, type TrafficTableName } from "./traffic-csv";

/** The newest sites "Traffic" chooses among. */
const TRAFFIC_CANDIDATES = 50;

// The dashboard of one site (site-dashboard.tsx): the traffic report use case
// (shared/reads/traffic-report.ts) with the page's window and filters, the one the v1
// report routes answer with, so every number equals the API's for the same query. Days
// are the workspace's (docs/app.md "Time zone"). Sign-in and workspace come from the
// `/app/sites/*` middleware of sites.tsx (registered first).
export function registerTraffic(app: Hono<AppEnv>) {
  // "Traffic" in the main navigation: the dashboard of the site whose last session is the
  // most recent (the newest site when none has one yet), or Sites to add the first one.
  app.get("/app/traffic", requireSignIn(), requireWorkspace(), async (c) => {
    const { sites } = pageValue(await listWorkspaceSites(pageContext(c), { limit: TRAFFIC_CANDIDATES }));
    if (sites.length === 0) return c.redirect(appHref(c, "/sites"), 302);
    const latest = sites.reduce((best, s) => ((s.lastEventAt ?? 0) > (best.lastEventAt ?? 0) ? s : best), sites[0]);
    return c.redirect(siteHref(c, latest.domain, "traffic"), 302);
  });

  app.get("/app/sites/:domain/traffic", async (c) => {
    const ctx = pageContext(c);
    const { query, ignored } = dashboardQuery(c.req.query());
    const { input, problem } = pageWindowInput(query, ctx.nowMs, ctx.timeZone);
    const domain = c.req.param("domain");
    // Orders over the same window; filters are the traffic's (an order has no page or platform).
    const { start, end } = valueOrThrow(reportWindow(input, ctx.nowMs));
    const [traffic, orders] = await Promise.all([
      trafficReport(ctx, { domain, ...input, ...query.filters, reports: DASHBOARD_REPORTS }),
      channelsInWindow(ctx, { domain, start, end }),
    ]);
    const r = sitePageValue(domain, traffic);
    const paths = sitePaths(c, r.site.domain);
    const at = `/sites/${encodeURIComponent(r.site.domain)}/traffic`;
    // The downloads keep the page's window and filters.
    const csv = (table: TrafficTableName) => (
      <CsvLink c={c} page={TRAFFIC_CSV} at={at} table={table} query={queryString(query)} />
    );
    return renderPage(c, {
      title: `Traffic of ${r.site.domain}`,
      // A refused range is the picker with the sentence inline, answered 400.
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <SiteNav c={c} domain={r.site.domain} current="traffic" />
          <DataCoverageBanner coverage={r.data_coverage} drainsHref={siteHref(c, r.site.domain, "drains")} />
          <SiteDashboard
            r={siteAnswer(r)}
            query={query}
            ignored={ignored}
            links={{ base: paths.traffic, csv, installHref: paths.install }}
            nowMs={ctx.nowMs}
            zone={ctx.timeZone}
            problem={problem}
            orders={
              <OrderChannelsCard
                report={pageValue(orders)}
                conversionsHref={appHref(c, `/conversions?${new URLSearchParams({ domain: r.site.domain })}`)}
              />
            }
          />
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });
}
