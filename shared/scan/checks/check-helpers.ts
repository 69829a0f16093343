import type { CheckOutcome, CheckStatus, Fetched, PageVisit, SiteSnapshot } from "../types";

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
      evidence: { url: f.url, robotsBlocked: true, ...(f.robotsVerdict ? { robots: f.robotsVerdict } : {}) },
    };
  }
  return null;
}

/**
 * The opening of a check that reads one file at a fixed path (robots.txt, llms.txt,
 * ...): the `blocked` outcome when bot protection or robots.txt kept the file from the
 * scanner (else null), and the URL the check's messages name: the one fetched, or
 * https://<domain><path> when none was. `what` names the file in the blocked message.
 */
export function fileToJudge(
  site: SiteSnapshot,
  f: Fetched | null | undefined,
  path: string,
  what: string = path,
): { blocked: CheckOutcome | null; url: string } {
  return { blocked: blockedBy(f, what), url: f?.url ?? `https://${site.domain}${path}` };
}

/**
 * The one "could not look" rule: the outcome of a check whose input was not read, or null
 * when it was. A challenge or robots.txt refusal is `blocked` (contract CheckResult); no
 * HTTP answer at all is a plain `fail` that says so. Either way the check cannot pass, and
 * the message names the URL and the reason.
 */
export function couldNotLook(f: Fetched | null | undefined, what: string): CheckOutcome | null {
  const blocked = blockedBy(f, what);
  if (blocked) return blocked;
  if (f && f.status === 0) {
    const reason = f.error ?? "no answer";
    return {
      status: "fail",
      message: `Could not look at ${what} (${f.url}): ${reason}. It was not checked.`,
      fix: "Make sure the site answers over https; then scan again.",
      evidence: { url: f.url, status: 0, error: reason },
    };
  }
  return null;
}

/** As couldNotLook, and also a page that answered but whose HTML could not be read. */
export function pageNotRead(visit: PageVisit | null | undefined, what: string): CheckOutcome | null {
  if (!visit) return null;
  const outcome = couldNotLook(visit.fetched, what);
  if (outcome) return outcome;
  const f = visit.fetched;
  if (!visit.page && f.status >= 200 && f.status < 300 && f.error) {
    return {
      status: "fail",
      message: `Could not read ${what} (${f.url}): ${f.error}. It was not checked.`,
      fix: "Serve well-formed HTML.",
      evidence: { url: f.url, status: f.status, error: f.error },
    };
  }
  return null;
}

export function homeBlocked(site: SiteSnapshot): CheckOutcome | null {
  return couldNotLook(site.home?.fetched, "the home page");
}

/** Home page facts, or the outcome to return when there are none. */
export function homePage(site: SiteSnapshot): PageVisit | CheckOutcome {
  const notRead = pageNotRead(site.home, "the home page");
  if (notRead) return notRead;
  const home = site.home;
  if (!home?.page) {
    const f = home?.fetched;
    return {
      status: "fail",
      message: `The home page ${f?.url ?? site.origin} is not an HTML page the scanner could read (${f ? `HTTP ${f.status}${f.contentType ? `, ${f.contentType}` : ""}` : "not fetched"}).`,
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
  const notRead = site.products.map((p) => pageNotRead(p, "the product page")).find((b) => b);
  if (notRead) return notRead;
  if (site.products.length === 0) {
    const home = pageNotRead(site.home, "the home page");
    if (home) return home;
    return {
      status: "fail",
      message:
        "No product page was found: no page linked from the home page, a category page or the sitemap says it is a product (Product structured data, og:type product) or has a product URL (/products/, /product/, /p/, /dp/, /item/).",
      fix: "Link product pages from the home page or a category page with plain <a href> links, list them in sitemap.xml, and mark them up as schema.org Product.",
      evidence: { productCandidates: 0 },
    };
  }
  const first = site.products[0].fetched;
  return {
    status: "fail",
    message: `The product page ${first.url} could not be read (HTTP ${first.status}${first.contentType ? `, ${first.contentType}` : ""}).`,
    fix: "Serve product pages as HTML with HTTP 200.",
    evidence: { url: first.url, status: first.status, error: first.error },
  };
}

/** A machine-readable file that answered 2xx with something other than an HTML page. */
export function isMachineReadable(f: Fetched | null | undefined): f is Fetched {
  return isOk(f) && !looksLikeHtml(f);
}

/**
 * The one soft-404 rule: a 2xx HTML page at a machine-readable URL (an app that answers
 * every path with its shell, or a "not found" page served with 200) means the file is absent.
 */
export function isSoft404(f: Fetched | null | undefined): boolean {
  return isOk(f) && looksLikeHtml(f);
}

export function isOutcome(x: unknown): x is CheckOutcome {
  return !!x && typeof x === "object" && "status" in x && "message" in x;
}

/** pass when all, warn when some, fail when none. */
export function allSomeNone(count: number, total: number): CheckStatus {
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

/** An HTML page: by its content type, or a body that opens like one (XML and JSON do not). */
export function looksLikeHtml(f: Fetched): boolean {
  return f.contentType.includes("html") || /^\s*(<!doctype html|<html|<head|<body)/i.test(f.body.slice(0, 200));
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
