import { platformName } from "@shared/display/display-names";
import type { WorkspaceOverview } from "@shared/reads/workspace-overview";
import type { Context } from "hono";
import { appHref } from "../layout/app-href";
import { DataTable } from "../layout/data-table";
import { StatusWord } from "./install-view";
import { siteHref } from "./site-nav";

/** Every reported site's week in one table, with links to its pages. */
export function SitesWeekTable(props: { c: Context; week: WorkspaceOverview }) {
  const { c, week } = props;
  const sum = week.sites.reduce((n, r) => n + r.agentSessions, 0);
  return (
    <>
      <p>
        <span data-metric="workspace_agent_sessions">{sum}</span> AI-agent sessions in the last 7 days
        {week.total > week.sites.length ? ` on the ${week.sites.length} newest of ${week.total} sites` : ""}.
      </p>
      <DataTable
        caption={{ text: "Sites, last 7 days", visible: false }}
        columns={["Site", "Install", "AI-agent sessions", "Unique visitors", "Top platform", "Pages"]}
      >
        {week.sites.map((r) => (
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
      {week.total > week.sites.length ? (
        <p>
          <a href={appHref(c, "/sites")}>All {week.total} sites</a>
        </p>
      ) : null}
    </>
  );
}
