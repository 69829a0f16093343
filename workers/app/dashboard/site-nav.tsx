import { listWorkspaceSites } from "@shared/sites/list-sites";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import {
  type AgentReportPage,
  SITE_PAGE_GROUP_NAMES,
  SITE_PAGE_GROUPS,
  SITE_PAGES,
  type SitePage,
} from "../layout/site-pages";
import { pageContext } from "../request-context";

export { AGENT_REPORT_PAGES } from "../layout/site-pages";
export type { AgentReportPage, SitePage };

/** One page of one site, through `appHref` so the workspace prefix is decided in one place. */
export function siteHref(c: Context, domain: string, page: SitePage): string {
  const suffix = SITE_PAGES.find((p) => p.page === page)?.suffix ?? "";
  return appHref(c, `/sites/${encodeURIComponent(domain)}${suffix}`);
}

/** How many sites the switcher lists (the newest); Sites lists them all. */
const SWITCHER_SITES = 50;

/**
 * The same page of the workspace's other sites: a disclosure of plain links, so it works
 * without JavaScript and by keyboard, and reading it costs one D1 query.
 */
async function SiteSwitcher(props: { c: Context<AppEnv>; domain: string; current: SitePage }) {
  const { c } = props;
  const page = await listWorkspaceSites(pageContext(c), { limit: SWITCHER_SITES });
  if (!page.ok) return null;
  const others = page.value.sites.filter((s) => s.domain !== props.domain);
  if (others.length === 0) return null;
  return (
    <details class="menu site-switch">
      <summary>Switch site ({others.length} other)</summary>
      <div class="menu-panel">
        <ul>
          {others.map((s) => (
            <li>
              <a href={siteHref(c, s.domain, props.current)}>{s.domain}</a>
              {s.name !== s.domain ? <span class="hint"> {s.name}</span> : null}
            </li>
          ))}
          {page.value.next_cursor ? (
            <li>
              <a href={appHref(c, "/sites")}>All {page.value.total} sites</a>
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}

/**
 * A site's pages in their three groups (Traffic, Agents' behaviour, Setup), the current
 * one marked, and the switcher to the same page of another site: every page of the site
 * is one click away from any other.
 */
export function SiteNav(props: { c: Context<AppEnv>; domain: string; current: SitePage }) {
  const { c } = props;
  return (
    <nav aria-label={`Pages of ${props.domain}`}>
      <div class="site-bar">
        <a class="all-sites" href={appHref(c, "/sites")}>
          All sites
        </a>
        <SiteSwitcher c={c} domain={props.domain} current={props.current} />
      </div>
      <ul class="subnav">
        {SITE_PAGE_GROUPS.map((group) => (
          <li>
            <span class="group-label" id={`site-group-${group}`}>
              {SITE_PAGE_GROUP_NAMES[group]}
            </span>
            <ul aria-labelledby={`site-group-${group}`}>
              {SITE_PAGES.filter((p) => p.group === group).map((p) => (
                <li>
                  <a
                    href={siteHref(c, props.domain, p.page)}
                    aria-current={props.current === p.page ? "page" : undefined}
                  >
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
