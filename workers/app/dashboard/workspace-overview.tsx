import { database } from "@shared/db/client";
import { platformName } from "@shared/display/display-names";
import { resolveWindow } from "@shared/reports/report-window";
import { installChecks } from "@shared/sessions/install-check";
import type { InstallStatus } from "@shared/sessions/install-status";
import { siteShard } from "@shared/shards/site-shard";
import { listSites } from "@shared/sites/list-sites";
import type { SiteRecord } from "@shared/sites/site-row";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { StatusWord } from "./install-view";
import { siteHref } from "./site-nav";

/** How many sites the overview reports on (the newest): each costs one shard call. */
export const OVERVIEW_SITES = 12;

export interface SiteWeek {
  site: SiteRecord;
  status: InstallStatus | null;
  agentSessions: number;
  uniqueVisitors: number;
  topPlatform: string | null;
}

export interface WorkspaceWeek {
  total: number;
  rows: SiteWeek[];
}

/**
 * The last 7 days of the workspace's newest sites: each site's overview report for the
 * contract's `7d` period, read as `GET /api/v1/traffic/overview?period=7d` reads it (one
 * shard call per site, in parallel), and every site's install status in one D1 read.
 */
export async function workspaceWeek(c: Context<AppEnv>, nowMs: number): Promise<WorkspaceWeek> {
  const workspaceId = c.get("workspace").id;
  const page = await listSites(database(c.env.DB), workspaceId, OVERVIEW_SITES, null);
  if (page.sites.length === 0) return { total: 0, rows: [] };
  const window = resolveWindow({ period: "7d" }, nowMs);
  const base = serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
  const [checks, ...overviews] = await Promise.all([
    installChecks(
      c.env.DB,
      workspaceId,
      page.sites.map((s) => s.domain),
      base,
      nowMs,
    ),
    ...page.sites.map((site) => siteShard(c.env, site.id).overview({ site, window, nowMs })),
  ]);
  return {
    total: page.total,
    rows: page.sites.map((site, i) => ({
      site,
      status: checks.get(site.domain)?.status ?? null,
      agentSessions: overviews[i].total_sessions,
      uniqueVisitors: overviews[i].unique_visitors,
      topPlatform: overviews[i].by_platform[0]?.platform ?? null,
    })),
  };
}

/** Every reported site's week in one table, with links to its pages. */
export function SitesWeekTable(props: { c: Context; week: WorkspaceWeek }) {
  const { c, week } = props;
  const sum = week.rows.reduce((n, r) => n + r.agentSessions, 0);
  return (
    <>
      <p>
        <span data-metric="workspace_agent_sessions">{sum}</span> AI-agent sessions in the last 7 days
        {week.total > week.rows.length ? ` on the ${week.rows.length} newest of ${week.total} sites` : ""}.
      </p>
      <DataTable
        caption={{ text: "Sites, last 7 days", visible: false }}
        columns={["Site", "Install", "AI-agent sessions", "Unique visitors", "Top platform", "Pages"]}
      >
        {week.rows.map((r) => (
          <tr data-domain={r.site.domain}>
            <td data-label="Site">
              <a href={siteHref(c, r.site.domain, "traffic")}>{r.site.domain}</a>
              {r.site.name !== r.site.domain ? <span class="hint"> {r.site.name}</span> : null}
            </td>
            <td data-label="Install">{r.status ? <StatusWord status={r.status} /> : null}</td>
            <td data-label="AI-agent sessions" data-sessions={r.agentSessions}>
              {r.agentSessions}
            </td>
            <td data-label="Unique visitors">{r.uniqueVisitors}</td>
            <td data-label="Top platform">{r.topPlatform ? platformName(r.topPlatform) : "–"}</td>
            <td data-label="Pages">
              <a href={siteHref(c, r.site.domain, "live")}>
                Live<span class="visually-hidden"> of {r.site.domain}</span>
              </a>{" "}
              ·{" "}
              <a href={siteHref(c, r.site.domain, "sessions")}>
                Sessions<span class="visually-hidden"> of {r.site.domain}</span>
              </a>
            </td>
          </tr>
        ))}
      </DataTable>
      {week.total > week.rows.length ? (
        <p>
          <a href={appHref(c, "/sites")}>All {week.total} sites</a>
        </p>
      ) : null}
    </>
  );
}
