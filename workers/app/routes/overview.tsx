import { workspaceOverview } from "@shared/reads/workspace-overview";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { DASHBOARD_STYLE } from "../dashboard/assets";
import { CsvLink } from "../dashboard/csv-download";
import { OnboardingChecklist } from "../dashboard/onboarding";
import { OVERVIEW_CSV } from "../dashboard/workspace-csv";
import { SitesWeekTable } from "../dashboard/workspace-overview";
import { appHref } from "../layout/app-href";
import { renderPage } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";

// The landing page after sign-in (the workspace overview use case): the setup checklist
// while it is unfinished, the last 7 days of the workspace's sites, and where to go next.
export function registerOverview(app: Hono<AppEnv>) {
  app.get("/app", requireSignIn(), requireWorkspace(), async (c) => {
    const workspace = c.get("workspace");
    const week = pageValue(await workspaceOverview(pageContext(c)));
    return renderPage(c, {
      title: "Overview",
      body: (
        <>
          <link rel="stylesheet" href={DASHBOARD_STYLE} />
          <p>
            You are in <strong>{workspace.name}</strong> as {workspace.role}.
          </p>
          <OnboardingChecklist c={c} steps={week.steps} firstSite={week.sites[0]?.site.domain} />
          <h2>Sites, last 7 days</h2>
          {week.sites.length === 0 ? (
            <p class="empty">
              No sites yet. <a href={appHref(c, "/sites")}>Add your shop</a> to see its AI-agent traffic here.
            </p>
          ) : (
            <>
              <SitesWeekTable c={c} week={week} />
              <CsvLink c={c} page={OVERVIEW_CSV} at="" table="sites" />
            </>
          )}
          <ul class="cards">
            <li>
              <h2>API keys</h2>
              <p>Keys let your servers and tools call the v1 API for this workspace.</p>
              <a href={appHref(c, "/settings/api-keys")}>Manage API keys</a>
            </li>
            <li>
              <h2>Members</h2>
              <p>Invite people to this workspace with a link.</p>
              <a href={appHref(c, "/settings/members")}>Manage members</a>
            </li>
            <li>
              <h2>Developers</h2>
              <p>Every number here is also in the v1 API, with the same codes and windows.</p>
              <a href="/api/v1/docs">API reference</a>
            </li>
          </ul>
        </>
      ),
    });
  });
}
