import { database } from "@shared/db/client";
import { trafficReport } from "@shared/reads/traffic-report";
import { listSites } from "@shared/sites/list-sites";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageContext } from "../request-context";
import { DataCoverageBanner } from "./agent-report-parts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "./assets";
import { CsvLink } from "./csv-download";
import { PeriodForm } from "./period-form";
import { pageWindowInput } from "./report-window-form";
import { sitePageValue, sitePaths } from "./site-context";
import { SiteNav, siteHref } from "./site-nav";
import { TRAFFIC_CSV, type TrafficTableName } from "./traffic-csv";
import { NoEventsYet, TrafficSections, TrafficWindow } from "./traffic-view";

/** The page's reports: tiles and charts show the change against the previous equal period (issue 29). */
export const TRAFFIC_PAGE_REPORTS = {
  overview: { compare: "previous" },
  sources: { compare: "previous" },
  purpose: {},
  verification: {},
} as const;

/** The newest sites "Traffic" chooses among. */
const TRAFFIC_CANDIDATES = 50;

// Traffic of one site: the traffic report use case (shared/reads/traffic-report.ts), the
// one the v1 report routes answer with, so every number equals the API's. Days are the
// workspace's (docs/app.md "Time zone"). Sign-in and workspace come from the
// `/app/sites/*` middleware of sites.tsx (registered first).
export function registerTraffic(app: Hono<AppEnv>) {
  // "Traffic" in the main navigation: the dashboard of the site whose last session is the
  // most recent (the newest site when none has one yet), or Sites to add the first one.
  app.get("/app/traffic", requireSignIn(), requireWorkspace(), async (c) => {
    const { sites } = await listSites(database(c.env.DB), c.get("workspace").id, TRAFFIC_CANDIDATES, null);
    if (sites.length === 0) return c.redirect(appHref(c, "/sites"), 302);
    const latest = sites.reduce((best, s) => ((s.lastEventAt ?? 0) > (best.lastEventAt ?? 0) ? s : best), sites[0]);
    return c.redirect(siteHref(c, latest.domain, "traffic"), 302);
  });

  app.get("/app/sites/:domain/traffic", async (c) => {
    const ctx = pageContext(c);
    const q = c.req.query();
    const { input, problem } = pageWindowInput(q, ctx.nowMs, ctx.timeZone);
    const domain = c.req.param("domain");
    const r = sitePageValue(domain, await trafficReport(ctx, { domain, ...input, reports: TRAFFIC_PAGE_REPORTS }));
    const paths = sitePaths(c, r.site.domain);
    // The download links keep the page's window (the same query string).
    const query = new URL(c.req.url).search;
    const at = `/sites/${encodeURIComponent(r.site.domain)}/traffic`;
    const csv = (table: TrafficTableName) => <CsvLink c={c} page={TRAFFIC_CSV} at={at} table={table} query={query} />;
    return renderPage(c, {
      title: `Traffic of ${r.site.domain}`,
      // A refused range is the form with the sentence inline, answered 400.
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <SiteNav c={c} domain={r.site.domain} current="traffic" />
          <DataCoverageBanner coverage={r.data_coverage} drainsHref={siteHref(c, r.site.domain, "drains")} />
          <PeriodForm
            action={paths.traffic}
            period={q.period}
            from={q.from}
            to={q.to}
            problem={problem}
            zone={ctx.timeZone}
          />
          <TrafficWindow r={r} installHref={paths.install} />
          {r.overview.data_status === "no_events_yet" ? (
            <NoEventsYet domain={r.site.domain} installHref={paths.install} />
          ) : (
            <TrafficSections r={r} csv={csv} />
          )}
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });
}
