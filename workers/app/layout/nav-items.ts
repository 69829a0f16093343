import { sitePageGroup } from "./site-pages";

// The main navigation, in order. A page joins it by adding one entry here (docs/app.md
// "Adding a page"). `current` says for which paths the entry is marked current; by
// default the entry's own path and every path under it. Hrefs are the short addresses
// routes are declared at; the layout puts the page's workspace in them
// (layout/app-href.ts).
export interface NavItem {
  href: string;
  label: string;
  current?: (path: string) => boolean;
}

/** A site's traffic pages and a session's journey belong to Traffic; its setup pages to Sites. */
const inTraffic = (path: string) =>
  path === "/app/traffic" || path.startsWith("/app/sessions/") || sitePageGroup(path) === "traffic";
const inAgents = (path: string) => sitePageGroup(path) === "agents";

export const navItems: NavItem[] = [
  { href: "/app", label: "Overview", current: (path) => path === "/app" },
  { href: "/app/traffic", label: "Traffic", current: (path) => inTraffic(path) || inAgents(path) },
  {
    href: "/app/sites",
    label: "Sites",
    current: (path) => path === "/app/sites" || sitePageGroup(path) === "setup",
  },
  { href: "/app/conversions", label: "Conversions" },
  { href: "/app/monitors", label: "Monitors" },
  { href: "/app/scans", label: "Scan reports" },
  { href: "/app/settings", label: "Settings" },
];

export function isCurrent(item: NavItem, path: string): boolean {
  if (item.current) return item.current(path);
  return path === item.href || path.startsWith(`${item.href}/`);
}
