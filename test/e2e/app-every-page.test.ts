import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { COLOUR_RULES, describeInChromium, expectAccessible, SCREENSHOT_DIR } from "./browser";
import { linksOn, pageKind } from "./page-crawl";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// Every page of the application, found by following its links rather than listed by hand,
// so a page added later is walked as soon as the navigation or another page links it
// (docs/app.md "Every page, in both colour schemes"). On each: axe with no serious or
// critical finding in the light and the dark scheme, no sideways scrolling at 390 px,
// screenshots at 1,280 and 390 px in both schemes, and a keyboard pass: the first Tab
// reaches the skip link, Tab alone reaches every link, button and field in document
// order and then leaves the page, and every element focused on the way shows an outline.
const baseUrl = inject("baseUrl");
const stamp = Date.now();
const SHOP = `walk-${stamp}.example`;
/** A runaway crawl (a link that mints new addresses) fails instead of running on. */
const MAX_PAGES = 60;
const SHOTS = path.join(SCREENSHOT_DIR, "pages");
/** Each page's time by step, printed at the end: where a slow walk spends it. */
const timings: string[] = [];
const root = path.resolve(import.meta.dirname, "../..");

/**
 * A file name for a kind: `/app/w/*\/sites/*\/traffic` is `w-sites-traffic`; a kind that
 * ends in one item of a list is named for it in the singular, so `/app/w/*\/sites/*` (a
 * site) is `w-site`, apart from `/app/w/*\/sites` (the list), `w-sites`.
 */
function shotName(kind: string): string {
  const segments = kind
    .replace(/^\/app\/?/, "")
    .split("/")
    .filter(Boolean);
  const last = segments.length - 1;
  const named =
    segments[last] === "*" && segments[last - 1]?.endsWith("s")
      ? [...segments.slice(0, last - 1), segments[last - 1].slice(0, -1)]
      : segments;
  return named.filter((segment) => segment !== "*").join("-") || "overview";
}

/** One stop of the keyboard pass, as the page saw it when focus arrived. */
interface Stop {
  /** Index among the page's focusable elements in document order; -1 for anything else. */
  order: number;
  what: string;
  skip: boolean;
  outlined: boolean;
}

/**
 * The keyboard pass, from the top of a fresh load with Tab alone: every visible link,
 * button, field and summary is reached, in document order (the order the page reads in;
 * no positive tabindex reorders it), the first stop is the skip link on pages with a
 * navigation, and every stop shows an outline at the moment focus arrives (a listener on
 * `focusin` records it, so Tabs are sent in batches, not read back one by one). After
 * the last element focus leaves the page: nothing traps it. Returns the number of Tabs.
 */
async function keyboardPass(page: Page, kind: string): Promise<number> {
  const expected = await page.evaluate(() => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
    const reachable = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        !el.closest("[inert]") &&
        el.checkVisibility({ visibilityProperty: true }),
    );
    // Tab enters a group of radio buttons once: at its checked button, else its first.
    const radios = (el: HTMLElement) => (el as HTMLInputElement).type === "radio" && (el as HTMLInputElement).name;
    const focusable = reachable.filter((el) => {
      if (!radios(el)) return true;
      const group = reachable.filter(
        (r) =>
          radios(r) &&
          (r as HTMLInputElement).name === (el as HTMLInputElement).name &&
          r.closest("form") === el.closest("form"),
      ) as HTMLInputElement[];
      return el === (group.find((r) => r.checked) ?? group[0]);
    });
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    focusable.forEach((el, i) => {
      el.dataset.tabOrder = String(i);
    });
    const stops: Stop[] = [];
    Object.assign(window, { focusStops: stops });
    document.addEventListener("focusin", (event) => {
      const el = event.target as HTMLElement;
      const style = getComputedStyle(el);
      stops.push({
        order: el.dataset.tabOrder === undefined ? -1 : Number(el.dataset.tabOrder),
        what: describe(el),
        skip: el.classList.contains("skip"),
        outlined: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0,
      });
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return focusable.map(describe);
  });
  expect(expected.length, `${kind}: nothing on the page takes focus`).toBeGreaterThan(0);
  const read = () =>
    page.evaluate(() => ({
      stops: (window as unknown as { focusStops: Stop[] }).focusStops,
      onBody: document.activeElement === document.body || document.activeElement === null,
    }));
  let presses = 0;
  let state = await read();
  // A date field takes several Tabs (day, month, year, calendar), so batches may fall short.
  while (presses < expected.length * 4 + 10) {
    const reached = Math.max(-1, ...state.stops.map((s) => s.order));
    if (reached === expected.length - 1) break;
    for (let i = Math.max(1, expected.length - 1 - reached); i > 0; i--, presses++) await page.keyboard.press("Tab");
    state = await read();
  }
  // One more Tab leaves the last element: focus goes back to the document.
  await page.keyboard.press("Tab");
  state = await read();
  const { stops } = state;
  const inOrder = stops.filter((s) => s.order >= 0).map((s) => s.order);
  const firstVisits = inOrder.filter((order, i) => inOrder.indexOf(order) === i);
  expect(
    firstVisits.map((i) => expected[i]),
    `${kind}: Tab reaches every link, button and field in document order`,
  ).toEqual(expected);
  if ((await page.locator("nav").count()) > 0)
    expect(stops[0]?.skip, `${kind}: the first Tab reaches the skip link`).toBe(true);
  expect(
    stops.filter((s) => !s.outlined).map((s) => s.what),
    `${kind}: focused elements without a focus outline`,
  ).toEqual([]);
  const last = stops.findLast((s) => s.order >= 0);
  expect(state.onBody || stops.at(-1)?.order === 0, `${kind}: Tab leaves ${last?.what}, the last element`).toBe(true);
  return presses + 1;
}

/**
 * The page's screenshots at one width: 1,280 px cut at 1,600 px high, 390 px one screen
 * (the viewport is already that wide).
 */
async function shoot(page: Page, name: string, width: 1280 | 390): Promise<void> {
  if (width === 390) {
    await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
    return;
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: path.join(SHOTS, `${name}-1280.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: Math.min(height, 1600) },
  });
}

/**
 * Everything checked on one page; returns the links it offers. Ordered so the viewport
 * and the scheme change once each way: 1,280 light (keyboard, axe, shot), 1,280 dark
 * (axe's colour rules, shot), 390 dark (no sideways scroll, shot), 390 light (shot).
 */
async function walkOne(page: Page, kind: string): Promise<void> {
  const name = shotName(kind);
  const t = [Date.now()];
  const lap = () => t.push(Date.now());
  await page.emulateMedia({ colorScheme: "light" });
  const tabs = await keyboardPass(page, kind);
  lap();
  await expectAccessible(page, `${kind} (light)`);
  lap();
  await shoot(page, name, 1280);
  await page.emulateMedia({ colorScheme: "dark" });
  lap();
  await expectAccessible(page, `${kind} (dark)`, COLOUR_RULES);
  lap();
  await shoot(page, `${name}-dark`, 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  // The keyboard pass left the page scrolled to its last element; a 390 px shot is one
  // screen from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${kind} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await shoot(page, `${name}-dark`, 390);
  await page.emulateMedia({ colorScheme: "light" });
  await shoot(page, name, 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  lap();
  const d = (i: number) => t[i + 1] - t[i];
  timings.push(
    `${kind}: ${t[t.length - 1] - t[0]} ms (${tabs} Tabs ${d(0)}, axe ${d(1)}, shot ${d(2)}, dark axe ${d(3)}, 390 + 3 shots ${d(4)})`,
  );
}

/**
 * Visits every page reachable from `start` by links, one address per kind, and checks
 * each. A page's failures are collected, not thrown, so one run names every page that
 * fails (and still walks the pages only it links); the test fails on them at the end.
 */
async function crawl(page: Page, start: string[], seen: Set<string>, failures: string[]): Promise<string[]> {
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
    // 409 is a refusal page that explains itself (a workspace that still holds sites
    // cannot be deleted); it is a page a person reaches and is checked like any other.
    expect(res?.status() === 409 || (res?.status() ?? 500) < 400, `${href} answers ${res?.status()}`).toBe(true);
    walked.push(landed);
    queue.push(...(await linksOn(page, baseUrl)));
    await walkOne(page, landed).catch((error: Error) => {
      failures.push(`${landed}: ${error.message}`);
      return Promise.all([
        page.setViewportSize({ width: 1280, height: 900 }),
        page.emulateMedia({ colorScheme: "light" }),
      ]);
    });
  }
  return walked;
}

// Opt-in (APP_EVERY_PAGE=1): 30 kinds of page at about 9 s each (two axe runs, a full
// keyboard pass, four screenshots) is over 5 minutes on the shared machine, more than a
// suite run can add; see docs/app.md "Why it is opt-in".
const walk =
  process.env.APP_EVERY_PAGE === "1"
    ? describeInChromium
    : (title: string) =>
        describe.skip(`${title} (opt-in with APP_EVERY_PAGE=1: over 5 minutes for 30 kinds of page, too long for every run)`, () => {});
walk("every application page in headless Chromium", (chrome) => {
  it("walks every page linked from the signed-out and signed-in pages: axe light and dark, 390 px, keyboard, screenshots", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.181" });
    const failures: string[] = [];
    const signedOut = await crawl(page, [`${baseUrl}/app/sign-in`], new Set(), failures);
    expect(signedOut).toEqual(expect.arrayContaining(["/app/sign-in", "/app/sign-up", "/app/password-reset"]));

    // A workspace with something on every page: a key, a site with an agent's session, a
    // monitor and a conversion.
    await signUpOnce(page, baseUrl, "walk");
    const key = await createKey(page, baseUrl, "Walk");
    const { token } = await seedSite(page, baseUrl, SHOP);
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

    const signedIn = await crawl(page, [page.url().replace(/\/app\/.*$/, "/app")], new Set(), failures);
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
    // Where the time went, kept beside the screenshots of the run (test-output is gitignored).
    const report = `walked ${signedOut.length + signedIn.length} kinds of page:\n${timings.join("\n")}\n`;
    mkdirSync(path.join(root, "test-output"), { recursive: true });
    writeFileSync(path.join(root, "test-output", "every-page-times.txt"), report);
    console.log(report);
    expect(failures).toEqual([]);
    await page.context().close();
  }, 1_500_000);
});
