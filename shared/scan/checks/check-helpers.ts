import type { CheckOutcome, Fetched, PageVisit, SiteSnapshot } from "../types";

export function isOk(f: Fetched | null | undefined): f is Fetched {
  return !!f && f.status >= 200 && f.status < 300 && !f.challenge && !f.robotsBlocked;
}

/**
 * The outcome of a check whose input was kept from the scanner by bot protection or by
 * robots.txt: `fail` with `blocked: true`, worded as an access problem.
 */
export function blockedBy(f: Fetched | null | undefined, what: string): CheckOutcome | null {
  if (!f) return null;
  if (f.challenge) {
    return {
      status: "fail",
      blocked: true,
      message: `Access problem: ${what} (${f.url}) answered the scanner with a ${f.challenge} bot challenge (HTTP ${f.status}), so this could not be checked. The resource may exist; agents are being stopped before they reach it.`,
      fix: `Let AI agents and verified bots through the ${f.challenge} bot protection for ${what} (allow-list verified bots or serve a non-interactive page).`,
      evidence: { url: f.url, status: f.status, challenge: f.challenge },
    };
  }
  if (f.robotsBlocked) {
    return {
      status: "fail",
      blocked: true,
      message: `Access problem: ${f.error ?? "robots.txt disallows the scanner"}, so ${what} (${f.url}) was not fetched and this could not be checked.`,
      fix: "Allow automated agents to fetch your public pages in robots.txt.",
      evidence: { url: f.url, robotsBlocked: true },
    };
  }
  return null;
}

export function homeBlocked(site: SiteSnapshot): CheckOutcome | null {
  return blockedBy(site.home?.fetched, "the home page");
}

/** Home page facts, or the outcome to return when there are none. */
export function homePage(site: SiteSnapshot): PageVisit | CheckOutcome {
  const blocked = homeBlocked(site);
  if (blocked) return blocked;
  const home = site.home;
  if (!home?.page) {
    const f = home?.fetched;
    return {
      status: "fail",
      message: `The home page ${f?.url ?? site.origin} could not be read (${f?.error ?? `HTTP ${f?.status ?? 0}`}).`,
      fix: "Serve the home page as HTML with HTTP 200 over https.",
      evidence: { url: f?.url ?? null, status: f?.status ?? 0, error: f?.error ?? null },
    };
  }
  return home;
}

/** Readable product pages, or the outcome to return when there are none. */
export function productPages(site: SiteSnapshot): PageVisit[] | CheckOutcome {
  const readable = site.products.filter((p) => p.page);
  if (readable.length > 0) return readable;
  const blocked = site.products.map((p) => blockedBy(p.fetched, "the product page")).find((b) => b);
  if (blocked) return blocked;
  if (site.products.length === 0) {
    const home = homeBlocked(site);
    if (home) return home;
    return {
      status: "fail",
      message:
        "No product page was found: neither the home page links, a category page nor the sitemap point to URLs that look like products (/products/, /product/, /p/, /dp/, /item/).",
      fix: "Link product pages from the home page or a category page with plain <a href> links and list them in sitemap.xml.",
      evidence: { productCandidates: 0 },
    };
  }
  const first = site.products[0].fetched;
  return {
    status: "fail",
    message: `The product page ${first.url} could not be read (${first.error ?? `HTTP ${first.status}`}).`,
    fix: "Serve product pages as HTML with HTTP 200.",
    evidence: { url: first.url, status: first.status, error: first.error },
  };
}

export function isOutcome(x: unknown): x is CheckOutcome {
  return !!x && typeof x === "object" && "status" in x && "message" in x;
}

/** pass when all, warn when some, fail when none. */
export function allSomeNone(count: number, total: number): "pass" | "warn" | "fail" {
  if (total > 0 && count === total) return "pass";
  return count > 0 ? "warn" : "fail";
}

export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function looksLikeHtml(f: Fetched): boolean {
  return f.contentType.includes("html") || /^\s*</.test(f.body.slice(0, 100));
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
