// The main navigation, in order. A page joins it by adding one entry here (docs/app.md
// "Adding a page"). `match` marks the entry current for every path under it. Hrefs are the
// short addresses routes are declared at; the layout puts the page's workspace in them
// (layout/app-href.ts).
export interface NavItem {
  href: string;
  label: string;
  /** Path prefix that makes this entry current; defaults to `href`. */
  match?: string;
}

export const navItems: NavItem[] = [
  { href: "/app", label: "Overview" },
  { href: "/app/sites", label: "Sites" },
  { href: "/app/conversions", label: "Conversions" },
  { href: "/app/monitors", label: "Monitors" },
  { href: "/app/scans", label: "Scan reports" },
  { href: "/app/settings", label: "Settings" },
];

export function isCurrent(item: NavItem, path: string): boolean {
  // The overview is /app itself; every other page is under it.
  if (item.href === "/app") return path === "/app";
  const prefix = item.match ?? item.href;
  return path === prefix || path.startsWith(`${prefix}/`);
}
