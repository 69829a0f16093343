import type { Page } from "playwright-core";

// How the every-page journeys find the application's pages: by following its links, so
// a page added later is visited as soon as the navigation or another page links it.

/**
 * One address per kind of page: the workspace, ids, domains and anything with a digit or a
 * dot become `*`, the query is dropped. `/app/w/ws_1/sites/a.example/traffic?period=7d`
 * is `/app/w/*\/sites/*\/traffic`.
 */
export function pageKind(href: string): string {
  const { pathname } = new URL(href);
  return pathname
    .split("/")
    .map((segment) => (/[0-9.%_]/.test(segment) || segment.length > 24 ? "*" : segment))
    .join("/");
}

/** Same-origin application pages linked from this page (no downloads, no local-only tools). */
export async function linksOn(page: Page, baseUrl: string): Promise<string[]> {
  const hrefs = await page.$$eval("a[href]:not([download])", (anchors) =>
    anchors.map((a) => (a as HTMLAnchorElement).href),
  );
  return hrefs.filter((href) => {
    if (!href.startsWith(`${baseUrl}/app`)) return false;
    const { pathname } = new URL(href);
    return !/\.csv$|\/csv$|\/__mailbox|\/assets\//.test(pathname);
  });
}
