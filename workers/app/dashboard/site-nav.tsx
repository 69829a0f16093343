import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { sitePaths } from "./site-context";

/** The pages of the reports over AI agents' requests (robots-compliance-page.tsx, ...). */
export const AGENT_REPORT_PAGES = [
  ["robots", "robots.txt compliance"],
  ["crawl-to-referral", "Crawl-to-referral"],
  ["agent-errors", "AI errors"],
] as const;
export type AgentReportPage = (typeof AGENT_REPORT_PAGES)[number][0];

/** Links between a site's pages; the current one is marked for assistive technology. */
export function SiteNav(props: {
  c: Context<AppEnv>;
  domain: string;
  current: "install" | "traffic" | "sessions" | AgentReportPage;
}) {
  const paths = sitePaths(props.domain);
  const items: [keyof typeof paths, string][] = [
    ["install", "Install"],
    ["traffic", "Traffic"],
    ["sessions", "Sessions"],
  ];
  return (
    <nav aria-label={`Pages of ${props.domain}`}>
      <ul class="subnav">
        <li>
          <a href="/app/sites">All sites</a>
        </li>
        {items.map(([key, label]) => (
          <li>
            <a href={paths[key]} aria-current={props.current === key ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
        {AGENT_REPORT_PAGES.map(([key, label]) => (
          <li>
            <a
              href={appHref(props.c, `/sites/${encodeURIComponent(props.domain)}/${key}`)}
              aria-current={props.current === key ? "page" : undefined}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
