import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { describeInChromium, expectAccessible, expectNoHorizontalScroll, inWorkspace, SCREENSHOT_DIR } from "./browser";

// Every page of the application, found by following its links rather than listed by hand,
// so a page added later is walked as soon as the navigation or another page links it
// (docs/app.md "Every page, in both colour schemes"). On each: axe with no serious or
// critical finding in the light and the dark scheme, no sideways scrolling at 390 px,
// screenshots at 1,280 and 390 px in both schemes, and a keyboard pass: the first Tab
// reaches the skip link, Tab alone reaches the page's primary action, and every element
// focused on the way shows a focus outline.
const baseUrl = inject("baseUrl");
const stamp = Date.now();
const SHOP = `walk-${stamp}.example`;
const ADDRESS = `walk-${stamp}@example.com`;
const PASSWORD = "correct horse battery staple";
/** A runaway crawl (a link that mints new addresses) fails instead of running on. */
const MAX_PAGES = 60;
const SHOTS = path.join(SCREENSHOT_DIR, "pages");

/**
 * One address per kind of page: the workspace, ids, domains and anything with a digit or a
 * dot become `*`, the query is dropped. `/app/w/ws_1/sites/a.example/traffic?period=7d`
 * is `/app/w/*\/sites/*\/traffic`.
 */
function pageKind(href: string): string {
  const { pathname } = new URL(href);
  return pathname
    .split("/")
    .map((segment) => (/[0-9.%_]/.test(segment) || segment.length > 24 ? "*" : segment))
    .join("/");
}

/** A file name for a kind: `/app/w/*\/sites/*\/traffic` is `w-sites-traffic`. */
const shotName = (kind: string) =>
  kind
    .replace(/^\/app\/?/, "")
    .replaceAll("*", "")
    .split("/")
    .filter(Boolean)
    .join("-") || "overview";

/** Same-origin application pages linked from this page (no downloads, no local-only tools). */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval("a[href]:not([download])", (anchors) =>
    anchors.map((a) => (a as HTMLAnchorElement).href),
  );
  return hrefs.filter((href) => {
    if (!href.startsWith(`${baseUrl}/app`)) return false;
    const { pathname } = new URL(href);
    return !/\.csv$|\/csv$|\/__mailbox|\/assets\//.test(pathname);
  });
}

/**
 * The keyboard pass. From a fresh load, Tab: the first stop is the skip link when the page
 * has a navigation; every stop shows an outline; the page's primary action (the first
 * submit button in main, else main's first link) is reached. Returns the number of Tabs.
 */
async function keyboardPass(page: Page, kind: string): Promise<number> {
  // Nothing was clicked since the page loaded, so the next Tab starts from the top.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const target = await page.evaluate(() => {
    const main = document.querySelector("main");
    const shown = (selector: string) =>
      Array.from(main?.querySelectorAll<HTMLElement>(selector) ?? []).find(
        (el) => el.offsetParent !== null && !(el as HTMLButtonElement).disabled,
      );
    const primary = shown("button:not([type=button]), input[type=submit]") ?? shown("a[href]");
    if (!primary) return false;
    primary.setAttribute("data-primary-action", "");
    return true;
  });
  const hasNav = (await page.locator("nav").count()) > 0;
  for (let presses = 1; presses <= 120; presses++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        what: `${el.tagName.toLowerCase()} ${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 40)}`,
        skip: el.classList.contains("skip"),
        primary: el.hasAttribute("data-primary-action"),
        outlined: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0,
      };
    });
    expect(stop, `${kind}: Tab ${presses} left the page`).not.toBeNull();
    if (!stop) break;
    if (presses === 1 && hasNav) expect(stop.skip, `${kind}: the first Tab reaches the skip link`).toBe(true);
    expect(stop.outlined, `${kind}: ${stop.what} shows no focus outline`).toBe(true);
    if (!target || stop.primary) return presses;
  }
  throw new Error(`${kind}: 120 Tabs did not reach the primary action`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: path.join(SHOTS, `${name}-1280.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: Math.min(height, 1600) },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Everything checked on one page; returns the links it offers. */
async function walkOne(page: Page, kind: string): Promise<string[]> {
  const name = shotName(kind);
  const t0 = Date.now();
  await page.emulateMedia({ colorScheme: "light" });
  const links = await linksOn(page);
  const tabs = await keyboardPass(page, kind);
  const t1 = Date.now();
  await expectAccessible(page, `${kind} (light)`);
  await expectNoHorizontalScroll(page, kind);
  const t2 = Date.now();
  await shoot(page, name);
  const t3 = Date.now();
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, `${kind} (dark)`);
  const t4 = Date.now();
  await shoot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  console.log(
    `${kind}: ${tabs} tabs ${t1 - t0} ms, axe+390 ${t2 - t1} ms, shots ${t3 - t2} ms, dark axe ${t4 - t3} ms, dark shots ${Date.now() - t4} ms`,
  );
  return links;
}

/** Visits every page reachable from `start` by links, one address per kind. */
async function crawl(page: Page, start: string[], seen: Set<string>): Promise<string[]> {
  const queue = [...start];
  const walked: string[] = [];
  while (queue.length > 0) {
    const href = queue.shift() as string;
    const kind = pageKind(href);
    if (seen.has(kind)) continue;
    seen.add(kind);
    expect(seen.size, "more kinds of page than MAX_PAGES: does a link mint addresses?").toBeLessThanOrEqual(MAX_PAGES);
    const res = await page.goto(href);
    // A link that lands elsewhere (a short address redirecting) counts as the page it lands on.
    const landed = pageKind(page.url());
    if (landed !== kind && seen.has(landed)) continue;
    seen.add(landed);
    expect(res?.status(), `${href} answers`).toBeLessThan(400);
    walked.push(landed);
    queue.push(...(await walkOne(page, landed)));
  }
  return walked;
}

// Opt-in (APP_EVERY_PAGE=1): two axe runs per page make it ~10 s a page on the shared
// machine, too long for every suite run; see docs/app.md "Every page".
const walk =
  process.env.APP_EVERY_PAGE === "1"
    ? describeInChromium
    : (title: string) =>
        describe.skip(`${title} (opt-in with APP_EVERY_PAGE=1: about 10 s a page, too long for every run)`, () => {});
walk("every application page in headless Chromium", (chrome) => {
  it("walks every page linked from the signed-out and signed-in pages: axe light and dark, 390 px, keyboard, screenshots", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.181" });
    const signedOut = await crawl(page, [`${baseUrl}/app/sign-in`], new Set());
    expect(signedOut).toEqual(expect.arrayContaining(["/app/sign-in", "/app/sign-up", "/app/password-reset"]));

    // A workspace with something on every page: a key, a site with an agent's session, a
    // monitor and a conversion.
    await page.goto(`${baseUrl}/app/sign-up`);
    await page.getByLabel("Email").fill(ADDRESS);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(inWorkspace(baseUrl, "/app"));
    await page.goto(`${baseUrl}/app/settings/api-keys`);
    await page.getByLabel("Name", { exact: true }).fill("Walk");
    await page.getByRole("button", { name: "Tick Full access" }).click();
    await page.getByRole("button", { name: "Create key" }).click();
    const key = ((await page.locator("#new-key").textContent()) ?? "").trim();
    await page.goto(`${baseUrl}/app/sites`);
    await page.getByLabel("Domain").fill(SHOP);
    await page.getByRole("button", { name: "Add site" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}`));
    const token = /data-site-id="([^"]+)"/.exec((await page.textContent("#snippet")) ?? "")?.[1] ?? "";
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByLabel("Domain").fill("good-shop.test");
    await page.getByLabel("Webhook URL").fill("https://hooks.test/e2e-walk");
    await page.getByRole("button", { name: "Add monitor" }).click();
    const authorised = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    const conversion = await fetch(`${baseUrl}/api/v1/conversions`, {
      method: "POST",
      headers: authorised,
      body: JSON.stringify({
        conversions: [
          {
            external_id: "walk-1",
            occurred_at: new Date().toISOString(),
            value_minor: 900,
            currency: "EUR",
            site: SHOP,
          },
        ],
      }),
    });
    expect(conversion.status).toBe(200);
    const beacon = await fetch(`${baseUrl}/ingest/e`, {
      method: "POST",
      headers: {
        Origin: `https://${SHOP}`,
        "Content-Type": "text/plain",
        "User-Agent": "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "CF-Connecting-IP": "198.51.100.181",
      },
      body: JSON.stringify({ s: token, k: "pageview", u: `https://${SHOP}/products/mug` }),
    });
    expect(beacon.status).toBe(202);
    // The session is listed (so its journey is linked) once the queue has carried it.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseUrl}/api/v1/traffic/sessions?domain=${SHOP}&period=7d`, {
            headers: authorised,
          });
          return ((await res.json()) as { results: unknown[] }).results.length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);

    const signedIn = await crawl(page, [page.url().replace(/\/app\/.*$/, "/app")], new Set());
    // The navigation's pages and a site's reports are among them.
    expect(signedIn).toEqual(
      expect.arrayContaining([
        "/app/w/*",
        "/app/w/*/sites",
        "/app/w/*/sites/*",
        "/app/w/*/sites/*/traffic",
        "/app/w/*/sessions/*",
        "/app/w/*/conversions",
        "/app/w/*/monitors",
        "/app/w/*/scans",
        "/app/w/*/settings",
      ]),
    );
    console.log(`walked ${signedOut.length + signedIn.length} pages:\n${[...signedOut, ...signedIn].join("\n")}`);
    await page.context().close();
  }, 1_500_000);
});
