import path from "node:path";
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { COLOUR_RULES, describeInChromium, expectAccessible, inWorkspace, SCREENSHOT_DIR } from "./browser";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// The dashboard as a merchant uses it (docs/app.md "The dashboard at a glance"), in
// headless Chromium against the real server: a site whose traffic holds three AI
// platforms and people from an AI assistant's link; the header on one line at 1,280 px
// and folded at 390; a click on a breakdown row (a platform, a source) filters every card
// and the URL carries it, and clearing it brings the page back; the numbers equal the v1
// API's for the same filter; the chart's legend shows a value for every series and hides
// one; by keyboard alone the rows and the filter's removal are reached with a visible
// focus ring; the workspace overview; a shared link opened signed out, with no way into
// the workspace. axe light and dark on each, no sideways
// scrolling at 390 px, and screenshots at 1,280 and 390 px in both schemes (to
// docs/screenshots/dashboard/ with SCREENSHOT_DIR=docs/screenshots). Separate from the
// every-page walk (app-every-page.test.ts), whose word checks these pages also pass.

const baseUrl = inject("baseUrl");
const stamp = Date.now();
const SHOP = `journey-${stamp}.example`;
const SHOTS = path.join(SCREENSHOT_DIR, "dashboard");
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const bot = (token: string) =>
  `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}; +https://example.com/bot)`;

/** Four screenshots of the page as it is: 1,280 (whole page, at most 2,400 px) and 390 (one screen), light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const suffix = scheme === "dark" ? "-dark" : "";
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({
        path: path.join(SHOTS, `${name}${suffix}-${width}.png`),
        fullPage: width === 1280,
        ...(width === 1280 ? { clip: { x: 0, y: 0, width, height: Math.min(height, 2400) } } : {}),
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** axe in both schemes, no sideways scrolling at 390 px and the header's height there. */
async function checkPage(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await expectAccessible(page, `${name} (light)`);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, `${name} (dark)`, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await expectHeaderOnOneLine(page, `${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The header's items on one line (tops within 12 px) and its height, at the viewport's width as it is. */
async function expectHeaderOnOneLine(page: Page, name: string): Promise<void> {
  const lines = await page.evaluate(() => {
    const header = document.querySelector("header.top") as HTMLElement;
    const items = Array.from(
      header.querySelectorAll<HTMLElement>(".brand, nav a, .account-menu > summary, .account button, .menu-button"),
    ).filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden");
    return {
      height: header.getBoundingClientRect().height,
      tops: items.map((el) => Math.round(el.getBoundingClientRect().top)),
    };
  });
  expect(lines.tops.length, `${name}: the header's visible items`).toBeGreaterThan(0);
  expect(lines.height, `${name}: the header's height`).toBeLessThanOrEqual(64);
  expect(
    Math.max(...lines.tops) - Math.min(...lines.tops),
    `${name}: the header's items on one line`,
  ).toBeLessThanOrEqual(12);
}

/** The focused element is ringed: a solid outline at least 2 px wide, not clipped by a scrolling ancestor. */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    let clipped = false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const o = getComputedStyle(up);
      if (o.overflowX === "visible" && o.overflowY === "visible") continue;
      const b = up.getBoundingClientRect();
      if (box.left < b.left || box.right > b.right + 1) clipped = true;
    }
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      visible: el.matches(":focus-visible"),
      clipped,
    };
  });
  expect(ring.visible, `${what} matches :focus-visible`).toBe(true);
  expect(ring.style, `${what}'s focus outline`).not.toBe("none");
  expect(ring.width, `${what}'s focus outline width`).toBeGreaterThanOrEqual(2);
  expect(ring.clipped, `${what}'s focus ring clipped by a scrolling box`).toBe(false);
}

/** Every card's and tile's text, by name: what a filter must change. */
function cardTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const card of Array.from(document.querySelectorAll<HTMLElement>("[data-card]")))
      out[card.dataset.card as string] = (card.querySelector("table, .empty-inline")?.textContent ?? "").trim();
    out.tiles = (document.querySelector(".tiles")?.textContent ?? "").trim();
    return out;
  });
}

describeInChromium("the dashboard at a glance, in headless Chromium", (chrome) => {
  it("filters by a breakdown row, reads well at 1,280 and 390 px in both schemes, works by keyboard, and shares a link", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.191" });
    const email = await signUpOnce(page, baseUrl, "journey");
    const key = await createKey(page, baseUrl, "Journey");
    const auth = { Authorization: `Bearer ${key}` };
    const { token } = await seedSite(page, baseUrl, SHOP);

    // ChatGPT fetching for two people (a mug, a cart), people from a ChatGPT answer's link
    // and from Google, and crawls by ClaudeBot and PerplexityBot (one of them a 404). Each
    // visitor on its own network: a visitor is one network and client (docs/privacy.md).
    const beacon = (ip: string, ua: string, body: Record<string, unknown>) =>
      fetch(`${baseUrl}/ingest/e`, {
        method: "POST",
        headers: { Origin: `https://${SHOP}`, "Content-Type": "text/plain", "User-Agent": ua, "CF-Connecting-IP": ip },
        body: JSON.stringify({ s: token, ...body }),
      });
    const url = (p: string) => `https://${SHOP}${p}`;
    await beacon("198.51.100.31", CHATGPT_USER, { k: "pageview", u: url("/products/mug") });
    await beacon("198.51.102.32", CHATGPT_USER, { k: "pageview", u: url("/products/teapot") });
    await beacon("198.51.102.32", CHATGPT_USER, { k: "add_to_cart", u: url("/products/teapot") });
    await beacon("198.51.101.33", BROWSER, { k: "pageview", u: url("/products/mug"), r: "https://chatgpt.com/" });
    await beacon("198.51.103.34", BROWSER, { k: "pageview", u: url("/"), r: "https://www.google.com/" });
    const now = Date.now();
    const record = (ua: string, ip: string, p: string, status: number, minutesAgo: number) => ({
      timestamp: new Date(now - minutesAgo * 60_000).toISOString(),
      domain: SHOP,
      path: p,
      method: "GET",
      status,
      user_agent: ua,
      ip,
    });
    const events = await fetch(`${baseUrl}/api/v1/events`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        events: [
          record(bot("ClaudeBot/1.0"), "203.0.113.41", "/products/mug", 200, 30),
          record(bot("ClaudeBot/1.0"), "203.0.113.41", "/old-catalogue", 404, 29),
          record(bot("PerplexityBot/1.0"), "203.0.113.42", "/", 200, 20),
        ],
      }),
    });
    expect(events.status).toBe(200);
    const api = async (report: string, query = "") => {
      const res = await fetch(`${baseUrl}/api/v1/traffic/${report}?domain=${SHOP}&period=7d${query}`, {
        headers: auth,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown> & { total_sessions: number };
    };
    await expect.poll(async () => (await api("sources")).total_sessions, { timeout: 60_000, interval: 1000 }).toBe(6);

    // The site's dashboard: the header on one line at 1,280 px.
    const dashboard = `${baseUrl}/app/sites/${SHOP}/traffic?period=7d`;
    await page.goto(dashboard);
    await page.waitForSelector(".chart canvas", { timeout: 15_000 });
    await expectHeaderOnOneLine(page, "dashboard at 1,280 px");
    // The numbers are the API's; every legend entry has a value (the latest bucket's).
    const overview = await api("overview");
    expect(await page.textContent('[data-metric="total_sessions"]')).toBe(String(overview.total_sessions));
    const legend = await page.locator(".legend-value").allTextContents();
    expect(legend.length).toBeGreaterThan(1);
    for (const value of legend) expect(value).toMatch(/^\d+$/);
    await checkPage(page, "dashboard");
    await shoot(page, "site-dashboard");

    // A click on ChatGPT's row: the URL carries the filter and every card changes.
    const before = await cardTexts(page);
    await page.locator('[data-card="platforms"] tr[data-platform="chatgpt"] a').click();
    await page.waitForURL(/agent_platform=chatgpt/);
    await page.waitForSelector(".chart canvas", { timeout: 15_000 });
    const after = await cardTexts(page);
    for (const card of Object.keys(before)) expect(after[card], `${card} after the filter`).not.toBe(before[card]);
    const filtered = await api("overview", "&agent_platform=chatgpt");
    expect(await page.textContent('[data-metric="total_sessions"]')).toBe(String(filtered.total_sessions));
    expect(filtered.total_sessions).toBe(2);
    expect(await page.getByRole("list", { name: "Filters" }).textContent()).toContain("AI platform is ChatGPT");
    // Orders by channel are not sessions: the page says the filter leaves them whole.
    expect(await page.locator("[data-orders-unfiltered]").textContent()).toContain("not orders");
    // A series toggled off leaves the chart: its band no longer adds to the stack.
    const toggle = page.locator(".legend-item").first();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    await checkPage(page, "dashboard filtered");
    await shoot(page, "site-dashboard-filtered");
    // Removing the filter brings the whole page back.
    await page.getByRole("link", { name: /Remove the filter AI platform is ChatGPT/ }).click();
    await page.waitForURL((u) => !u.search.includes("agent_platform"));
    expect(await page.textContent('[data-metric="total_sessions"]')).toBe(String(overview.total_sessions));

    // A source: people who followed a link in a ChatGPT answer. The Sources card keeps that
    // one row, the tiles count no AI agent (a person is not one) and the AI share is 0 of 1;
    // "Clear filters" brings the page back.
    await page.locator('[data-card="sources"] tr[data-source="ai_assistant_link/chatgpt"] a').click();
    await page.waitForURL((u) => u.searchParams.get("source") === "ai_assistant_link");
    expect(new URL(page.url()).searchParams.get("sub_source")).toBe("chatgpt");
    const bySource = await api("sources", "&source=ai_assistant_link&sub_source=chatgpt");
    expect(bySource.total_sessions).toBe(1);
    expect(await page.locator('[data-card="sources"] tbody tr').count()).toBe(1);
    expect(await page.textContent('[data-metric="total_sessions"]')).toBe("0");
    expect(await page.getByRole("list", { name: "Filters" }).textContent()).toContain("Source is");
    const sourceCards = await cardTexts(page);
    for (const card of Object.keys(before))
      expect(sourceCards[card], `${card} after the source filter`).not.toBe(before[card]);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((u) => !u.search.includes("source="));
    expect(await cardTexts(page)).toEqual(before);

    // Keyboard only: Tab from the top reaches the skip link first, then a breakdown row,
    // and Enter on it filters; at 390 px the menu opens and closes by keyboard.
    await page.goto(dashboard);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip");
    let reached = "";
    for (let i = 0; i < 120 && !reached.includes("Claude"); i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() =>
        document.activeElement?.closest('[data-card="platforms"]') ? (document.activeElement.textContent ?? "") : "",
      );
    }
    expect(reached, "Tab reaches Claude's row of the AI platforms card").toContain("Claude");
    await expectVisibleFocus(page, "Claude's row");
    await page.keyboard.press("Enter");
    await page.waitForURL(/agent_platform=claude/);
    // The filter's removal is the next stops after the period picker: reached and ringed.
    let chip = "";
    for (let i = 0; i < 40 && !chip.includes("Remove the filter"); i++) {
      await page.keyboard.press("Tab");
      chip = await page.evaluate(() => document.activeElement?.textContent ?? "");
    }
    expect(chip, "Tab reaches the filter's removal").toContain("Remove the filter AI platform is Claude");
    await expectVisibleFocus(page, "the filter's removal");
    await page.screenshot({ path: path.join(SHOTS, "site-dashboard-keyboard-1280.png") });
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => !u.search.includes("agent_platform"));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(dashboard);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Menu");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("link", { name: "Overview" }).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("link", { name: "Overview" }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The workspace's overview has the dashboard's shape; its Sites card opens the site's.
    await page.goto(`${baseUrl}/app`);
    await page.waitForURL(inWorkspace(baseUrl, "/app"));
    expect(await page.textContent('[data-metric="total_sessions"]')).toBe(String(overview.total_sessions));
    await checkPage(page, "overview");
    await shoot(page, "workspace-overview");

    // A shared link, opened signed out: the same numbers, nothing of the workspace.
    await page.goto(`${baseUrl}/app/sites/${SHOP}/sharing`);
    await page.getByLabel("Name").fill("Agency");
    await page.getByRole("button", { name: "Create link" }).click();
    const address = ((await page.locator("#new-link").textContent()) ?? "").trim();
    await checkPage(page, "sharing");
    await shoot(page, "sharing");
    const visitor = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.192" });
    const opened = await visitor.goto(`${address}?period=7d`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await visitor.textContent('[data-metric="total_sessions"]')).toBe(String(overview.total_sessions));
    expect(await visitor.locator("nav[aria-label=Main]").count()).toBe(0);
    expect(await visitor.textContent("body")).not.toContain("Agency");
    // Read-only and nothing else of the workspace: no form but the period picker's (GET),
    // no link leaving the shared address but to the site itself, no workspace name or email.
    const shareBase = new URL(address).pathname;
    const leaks = await visitor.evaluate(
      ({ shareBase, origin }) => [
        // The brand is the product's front door (/app, a sign-in when signed out), not the workspace.
        ...Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]:not(.brand)"))
          .filter((a) => a.origin === origin && !a.pathname.startsWith(shareBase) && !a.pathname.startsWith("/assets/"))
          .map((a) => a.href),
        ...Array.from(document.querySelectorAll("form"))
          .filter((f) => f.method !== "get" || !new URL(f.action).pathname.startsWith(shareBase))
          .map((f) => `form ${f.method} ${f.action}`),
      ],
      { shareBase, origin: new URL(baseUrl).origin },
    );
    expect(leaks, "the shared page's links and forms").toEqual([]);
    expect(await visitor.textContent("body")).not.toContain(email);
    expect((await visitor.goto(`${baseUrl}/app/sites/${SHOP}/traffic`))?.url()).toMatch(/sign-in|\/login/);
    await visitor.goto(`${address}?period=7d`);
    await visitor.locator('[data-card="platforms"] tr[data-platform="chatgpt"] a').click();
    await visitor.waitForURL(/agent_platform=chatgpt/);
    expect(await visitor.textContent('[data-metric="total_sessions"]')).toBe("2");
    await visitor.waitForSelector(".chart canvas", { timeout: 15_000 });
    await checkPage(visitor, "shared dashboard");
    await shoot(visitor, "shared-dashboard");
    await visitor.context().close();
    await page.context().close();
  }, 300_000);
});
