import { channelsInWindow } from "@shared/conversions/conversion-channels";
import { valueOrThrow } from "@shared/errors/api-error";
import { setupSteps } from "@shared/reads/workspace-overview";
import { workspaceTraffic } from "@shared/reads/workspace-traffic";
import { reportWindow } from "@shared/reports/report-window";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE, UPLOT_SCRIPT, UPLOT_STYLE } from "../dashboard/assets";
import { CsvLink } from "../dashboard/csv-download";
import { dashboardQuery, queryString } from "../dashboard/dashboard-query";
import { OnboardingChecklist } from "../dashboard/onboarding";
import { OrderChannelsCard } from "../dashboard/order-channels";
import { pageWindowInput } from "../dashboard/report-window-form";
import { SiteDashboard, workspaceAnswer } from "../dashboard/site-dashboard";
import { siteHref } from "../dashboard/site-nav";
import { OVERVIEW_CSV } from "../dashboard/workspace-csv";
import { appHref } from "../layout/app-href";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";

// The landing page after sign-in: the setup checklist while it is unfinished, then the
// workspace's dashboard, the shape of a site's (docs/app.md "The dashboard at a glance"):
// its sites added up by the workspace traffic use case (shared/reads/workspace-traffic.ts)
// over the chosen period and filters, with a card of the sites, each opening its own.
export function registerOverview(app: Hono<AppEnv>) {
  app.get("/app", requireSignIn(), requireWorkspace(), async (c) => {
    const ctx = pageContext(c);
    const { query, ignored } = dashboardQuery(c.req.query());
    const { input, problem } = pageWindowInput(query, ctx.nowMs, ctx.timeZone);
    // Orders over the same window; filters are the traffic's (an order has no page or platform).
    const { start, end } = valueOrThrow(reportWindow(input, ctx.nowMs));
    const [steps, traffic, orders] = await Promise.all([
      setupSteps(ctx),
      workspaceTraffic(ctx, { ...input, ...query.filters }),
      channelsInWindow(ctx, { start, end }),
    ]);
    const week = pageValue(traffic);
    return renderPage(c, {
      title: "Overview",
      status: problem ? 400 : 200,
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <link rel="stylesheet" href={UPLOT_STYLE} />
          <OnboardingChecklist c={c} steps={pageValue(steps)} firstSite={week?.sites[0]?.site.domain} />
          {week === null ? (
            <p class="empty">
              No sites yet. <a href={appHref(c, "/sites")}>Add your shop</a> to see its AI-agent traffic here.
            </p>
          ) : (
            <>
              <p class="hint">
                All traffic of{" "}
                {week.total > week.sites.length ? `the ${week.sites.length} newest of ${week.total}` : "the"} sites of
                this workspace; each site's own dashboard is one click away in the Sites card.
              </p>
              <SiteDashboard
                r={workspaceAnswer(week, (domain, page) => siteHref(c, domain, page))}
                query={query}
                ignored={ignored}
                links={{
                  base: appHref(c, ""),
                  sitesCsv: <CsvLink c={c} page={OVERVIEW_CSV} at="" table="sites" query={queryString(query)} />,
                }}
                nowMs={ctx.nowMs}
                zone={ctx.timeZone}
                problem={problem}
                orders={<OrderChannelsCard report={pageValue(orders)} conversionsHref={appHref(c, "/conversions")} />}
              />
            </>
          )}
          <p class="hint">
            Keys for your servers: <a href={appHref(c, "/settings/api-keys")}>API keys</a>. People:{" "}
            <a href={appHref(c, "/settings/members")}>Members</a>. Every number here is also in the{" "}
            <a href="/api/v1/docs">v1 API</a>.
          </p>
          <script src={UPLOT_SCRIPT} defer />
          <script src={DASHBOARD_SCRIPT} defer />
        </>
      ),
    });
  });
}
