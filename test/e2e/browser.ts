import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type LaunchOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "../..");
/**
 * Screenshots of every page. Like app-browser.test.ts: `test-output/screenshots/`
 * (gitignored, so a test run never dirties the tree) unless SCREENSHOT_DIR names another
 * folder; `SCREENSHOT_DIR=docs/screenshots` refreshes the copies docs/app.md links.
 */
export const SCREENSHOT_DIR = path.resolve(root, process.env.SCREENSHOT_DIR ?? "test-output/screenshots");

/**
 * How a test's Chromium differs from the default one. `args` are added to the default flags;
 * the rest is Playwright's own launch options, so e.g. a browser that does not announce
 * automation is `{ ignoreDefaultArgs: ["--enable-automation"],
 * args: ["--disable-blink-features=AutomationControlled"] }`.
 */
export type BrowserOptions = Omit<LaunchOptions, "executablePath">;

function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const { args = [], ...rest } = options;
  return chromium.launch({
    ...rest,
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", ...args],
  });
}

/** A fresh page's context: Playwright's options, plus the client address the service sees. */
export interface PageOptions extends BrowserContextOptions {
  /** Sent as CF-Connecting-IP, so each test's rate limits and sign-in throttles stay apart. */
  ip?: string;
}

/** The Chromium of one describe block, for its hooks and tests (not at collection). */
export interface Chromium {
  readonly browser: Browser;
  /**
   * A page in a context of its own (not Browser.newPage: axe opens a second page in the
   * page's context, which a context owned by its page refuses); `page.context().close()`
   * closes both.
   */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * Launches one Chromium before the enclosing describe block's tests and closes it (and
 * every context it opened) after them. Registered before the block's own hooks, so its
 * `beforeAll` runs first and its `afterAll` last (vitest's default "stack" hook order).
 */
export function useBrowser(options: BrowserOptions = {}): Chromium {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(options);
  }, 60_000);
  afterAll(async () => {
    await launched?.close();
  });
  const browser = (): Browser => {
    if (!launched) throw new Error("Chromium is launched in beforeAll: use it inside a hook or a test");
    return launched;
  };
  return {
    get browser() {
      return browser();
    },
    async newPage({ ip, ...options } = {}) {
      if (ip) options.extraHTTPHeaders = { ...options.extraHTTPHeaders, "CF-Connecting-IP": ip };
      // Sign-up sends the browser's zone as the workspace's (docs/app.md "Time zone"): UTC
      // unless a test asks for another, so no page's days follow the machine's zone.
      options.timezoneId ??= "UTC";
      const context = await browser().newContext(options);
      return context.newPage();
    },
  };
}

/**
 * A describe block whose tests share one headless Chromium (see useBrowser), skipped only
 * where /usr/bin/chromium is missing.
 */
export function describeInChromium(title: string, body: (chrome: Chromium) => void, options?: BrowserOptions): void {
  describe.skipIf(!existsSync(CHROMIUM))(title, () => body(useBrowser(options)));
}

/**
 * Fails the page on any request that leaves the service: nothing may come from a CDN
 * (BRIEFING "No internet"). Returns the list of refused URLs for the test to assert on.
 */
export async function offlineOnly(page: Page, baseUrl: string): Promise<string[]> {
  const refused: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(baseUrl) && !url.href.startsWith("data:") && !url.href.startsWith("blob:"),
    (route) => {
      refused.push(route.request().url());
      return route.abort();
    },
  );
  return refused;
}

/**
 * The WCAG 2 A/AA rules whose outcome depends on colours alone: under another colour
 * scheme the document, its names and roles are the same, so these are all that can change.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Axe on the page as it is now: no serious or critical violation (WCAG 2 A/AA rules, or
 * only `rules` when given, e.g. COLOUR_RULES for a second colour scheme).
 */
export async function expectAccessible(page: Page, name: string, rules?: string[]): Promise<void> {
  // Only violations are asked for: axe then skips assembling passes and incomplete
  // results, which the check never reads. A page without frames is analysed in place:
  // otherwise AxeBuilder opens a blank page in the context to merge the frames' results,
  // a new renderer per run, which cost more than the rules themselves on the loaded
  // machine (docs/app.md "Every page").
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (page.frames().length === 1) axe.setLegacyMode(true);
  if (rules) axe.withRules(rules);
  else axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const result = await axe.analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    name,
  ).toEqual([]);
}

/**
 * Screenshots at 1280 px and 390 px wide, as `docs/screenshots/<name>-<width>.png`: the
 * whole page, cut at 2,400 px so a long report stays a readable (and small) image.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width, height: Math.min(height, 2400) },
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Exactly one match, once the page shows it. A click waits for the navigation it starts
 * only until the new page starts loading (and not at all if the submit starts late on a
 * loaded machine), so a count taken right after a form's button can read the old page
 * or a half-parsed new one: wait for the first match, then count.
 */
export async function expectOne(locator: Locator): Promise<void> {
  await locator.first().waitFor();
  expect(await locator.count()).toBe(1);
}

/** At 390 px the page must not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Reloads the page, tabs through it from the top and returns what received focus
 * (`tag:accessible text`), stopping when focus comes round again.
 */
export async function tabStops(page: Page, max = 200): Promise<string[]> {
  const seen: string[] = [];
  const keys: string[] = [];
  await page.reload();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate((next) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60);
      // The element itself is the key, not its name: a page may hold two controls of the
      // same name (each card's "What is this?"), and the walk ends only when focus comes
      // back to an element it has already reached.
      el.dataset.tabStop ??= String(next);
      return { key: el.dataset.tabStop, label: `${el.tagName.toLowerCase()}:${name}` };
    }, i);
    if (stop === null) break;
    // A date input takes several Tabs (its day, month and year fields): count it once.
    if (keys.at(-1) === stop.key) continue;
    if (keys.includes(stop.key)) break;
    keys.push(stop.key);
    seen.push(stop.label);
  }
  return seen;
}

/**
 * The URL of a workspace page as the application links it (/app/w/{workspace}/…,
 * docs/app.md "Addresses"), for `waitForURL`: `path` is the short address ("/app",
 * "/app/sites/shop.example?x"), the workspace any.
 */
export function inWorkspace(baseUrl: string, path: string): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${literal(baseUrl)}/app/w/[A-Za-z0-9_-]+${literal(path.slice("/app".length))}$`);
}

/** Signs a new account up through the page's own form and waits for its workspace overview. */
export async function signUpInBrowser(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/app/sign-up`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(inWorkspace(baseUrl, "/app"));
}
