// The pages of one site, grouped as the site navigation shows them (docs/app.md "Design
// system"): what came (Traffic), how agents behaved (Agents' behaviour), and what the
// merchant set up (Setup). A site page joins the navigation by adding one entry here;
// the main navigation's "Traffic" and "Sites" entries are current by these groups too.

export const SITE_PAGE_GROUPS = ["traffic", "agents", "setup"] as const;
export type SitePageGroup = (typeof SITE_PAGE_GROUPS)[number];

export const SITE_PAGE_GROUP_NAMES: Record<SitePageGroup, string> = {
  traffic: "Traffic",
  agents: "Agents' behaviour",
  setup: "Setup",
};

/** The pages of the reports over AI agents' requests (robots-compliance-page.tsx, ...). */
export const AGENT_REPORT_PAGES = [
  ["robots", "robots.txt compliance"],
  ["crawl-to-referral", "Crawl-to-referral"],
  ["agent-errors", "AI errors"],
] as const;
export type AgentReportPage = (typeof AGENT_REPORT_PAGES)[number][0];

export type SitePage = "traffic" | "sessions" | "live" | AgentReportPage | "install" | "drains" | "sharing" | "policy";

export interface SitePageEntry {
  page: SitePage;
  /** The part of the page's URL after `/sites/{domain}`. */
  suffix: string;
  label: string;
  group: SitePageGroup;
}

export const SITE_PAGES: SitePageEntry[] = [
  { page: "traffic", suffix: "/traffic", label: "Dashboard", group: "traffic" },
  { page: "sessions", suffix: "/sessions", label: "Sessions", group: "traffic" },
  { page: "live", suffix: "/live", label: "Live", group: "traffic" },
  ...AGENT_REPORT_PAGES.map(([page, label]): SitePageEntry => ({ page, suffix: `/${page}`, label, group: "agents" })),
  { page: "install", suffix: "", label: "Install", group: "setup" },
  { page: "drains", suffix: "/drains", label: "Log drains", group: "setup" },
  { page: "sharing", suffix: "/sharing", label: "Shared links", group: "setup" },
  { page: "policy", suffix: "/policy", label: "Agent policy", group: "setup" },
];

/** The group of a site page's path (`/app/sites/{domain}{suffix}…`), or null for another path. */
export function sitePageGroup(path: string): SitePageGroup | null {
  const match = /^\/app\/sites\/[^/]+(\/[^/]+)?/.exec(path);
  if (!match) return null;
  const suffix = match[1] ?? "";
  return SITE_PAGES.find((p) => p.suffix === suffix)?.group ?? "setup";
}
