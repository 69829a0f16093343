import { database } from "@shared/db/client";
import { listSites } from "@shared/sites/list-sites";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";

/** The pages of the reports over AI agents' requests (robots-compliance-page.tsx, ...). */
export const AGENT_REPORT_PAGES = [
  ["robots", "robots.txt compliance"],
  ["crawl-to-referral", "Crawl-to-referral"],
  ["agent-errors", "AI errors"],
] as const;
export type AgentReportPage = (typeof AGENT_REPORT_PAGES)[number][0];

export type SitePage = "install" | "traffic" | "sessions" | "live" | AgentReportPage | "drains";

/** The part of a site page's URL after the domain, per page of the sub-navigation. */
const SITE_PAGES: [SitePage, string, string][] = [
  ["install", "", "Install"],
  ["traffic", "/traffic", "Traffic"],
  ["sessions", "/sessions", "Sessions"],
  ["live", "/live", "Live"],
  ...AGENT_REPORT_PAGES.map(([key, label]): [SitePage, string, string] => [key, `/${key}`, label]),
  ["drains", "/drains", "Log drains"],
];

/** One page of one site, through `appHref` so the workspace prefix is decided in one place. */
export function siteHref(c: Context, domain: string, page: SitePage): string {
  const suffix = SITE_PAGES.find(([key]) => key === page)?.[1] ?? "";
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
  const page = await listSites(database(c.env.DB), c.get("workspace").id, SWITCHER_SITES, null);
  const others = page.sites.filter((s) => s.domain !== props.domain);
  if (others.length === 0) return null;
  return (
    <details class="site-switch">
      <summary>Switch site ({others.length} other)</summary>
      <ul>
        {others.map((s) => (
          <li>
            <a href={siteHref(c, s.domain, props.current)}>{s.domain}</a>
            {s.name !== s.domain ? <span class="hint"> {s.name}</span> : null}
          </li>
        ))}
        {page.next ? (
          <li>
            <a href={appHref(c, "/sites")}>All {page.total} sites</a>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

/** Links between a site's pages (the current one marked) and the switcher to another site. */
export function SiteNav(props: { c: Context<AppEnv>; domain: string; current: SitePage }) {
  const { c } = props;
  return (
    <nav aria-label={`Pages of ${props.domain}`}>
      <ul class="subnav">
        <li>
          <a href={appHref(c, "/sites")}>All sites</a>
        </li>
        {SITE_PAGES.map(([key, , label]) => (
          <li>
            <a href={siteHref(c, props.domain, key)} aria-current={props.current === key ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
      <SiteSwitcher c={c} domain={props.domain} current={props.current} />
    </nav>
  );
}
