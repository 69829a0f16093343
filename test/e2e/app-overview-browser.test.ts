import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import {
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  inWorkspace,
  offlineOnly,
  screenshots,
  tabStops,
} from "./browser";
import { waitForMail } from "./mailbox";
import { signUpOnce } from "./workspace-seed";

// A new merchant in Chromium against the real server, issue 29's "done" journey as one
// story: sign up, the overview's setup checklist followed to the end by its own links,
// the live view changing in place when a beacon arrives, the traffic page's change
// against the previous period, a CSV download read back equal to the API, and the weekly
// report received in the local mailbox and followed into the workspace. The changed pages
// are checked with axe in light and dark, at 390 px and by keyboard; screenshots in both
// schemes (`-dark` names) for docs/screenshots.

const baseUrl = inject("baseUrl");
const SHOP = "overview-shop.example";
const NOTIFY_CRON = "7 * * * *";

/** A browser beacon of the site's snippet, sent the way the snippet sends it. */
function beacon(token: string, userAgent: string, ip: string) {
  return fetch(`${baseUrl}/ingest/e`, {
    method: "POST",
    headers: {
      Origin: `https://${SHOP}`,
      "Content-Type": "text/plain",
      "User-Agent": userAgent,
      "CF-Connecting-IP": ip,
    },
    body: JSON.stringify({ s: token, k: "pageview", u: `https://${SHOP}/` }),
  });
}

/** The checklist's steps as "step:done" pairs, as the overview shows them now. */
function checklist(page: Page): Promise<string[]> {
  return page.$$eval("[data-step]", (items) =>
    items.map((li) => `${li.getAttribute("data-step")}:${li.getAttribute("data-done")}`),
  );
}

/** axe, 390 px and screenshots in the light and the dark scheme. */
async function inBothSchemes(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `${name} (${scheme})`);
    await expectNoHorizontalScroll(page, `${name} (${scheme})`);
    await screenshots(page, scheme === "light" ? name : `${name}-dark`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describeInChromium("the workspace overview, its checklist and the live view in headless Chromium", (chrome) => {
  let page: Page;
  let refused: string[];
  let token = "";
  let key = "";
  let address = "";

  beforeAll(async () => {
    page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.170" });
    refused = await offlineOnly(page, baseUrl);
  });

  afterAll(() => {
    expect(refused).toEqual([]);
  });

  it("a new merchant follows the checklist to the end by its own links, and the live view changes when a beacon arrives", async () => {
    address = await signUpOnce(page, baseUrl, "overview");
    expect(await checklist(page)).toEqual(["site_added:0", "first_event:0", "first_key:0", "first_monitor:0"]);
    await inBothSchemes(page, "app-overview-new");

    // Keyboard only: from the top, Tab reaches every step's link and the API reference.
    const stops = await tabStops(page);
    for (const name of [
      "Add a site",
      "Get the snippet",
      "Create a key",
      "Add a monitor",
      "Monitors in the API reference",
    ]) {
      expect(stops, name).toContain(`a:${name}`);
    }

    // 1. Add a site.
    await page.getByRole("link", { name: "Add a site" }).click();
    await page.getByLabel("Domain").fill(SHOP);
    await page.getByRole("button", { name: "Add site" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}`));
    token = /data-site-id="([^"]+)"/.exec((await page.textContent("#snippet")) ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    // 2. The first visit: the checklist's link leads to the snippet; a beacon arrives.
    await page.goto(`${baseUrl}/app`);
    expect(await checklist(page)).toContain("site_added:1");
    await page.getByRole("link", { name: "Get the snippet" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}`));
    expect((await beacon(token, "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0", "198.51.100.170")).status).toBe(202);
    for (const deadline = Date.now() + 30_000; ; ) {
      await page.goto(`${baseUrl}/app`);
      if ((await checklist(page)).includes("first_event:1")) break;
      if (Date.now() > deadline) throw new Error("the first event never reached the checklist");
      await page.waitForTimeout(500);
    }

    // 3. A key.
    await page.getByRole("link", { name: "Create a key" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Shop backend");
    await page.getByRole("button", { name: "Tick Provisioning" }).click();
    await page.getByRole("button", { name: "Create key" }).click();
    key = ((await page.locator("#new-key").textContent()) ?? "").trim();
    expect(key).toMatch(/^ar_live_/);
    await page.goto(`${baseUrl}/app`);
    expect(await checklist(page)).toEqual(["site_added:1", "first_event:1", "first_key:1", "first_monitor:0"]);

    // 4. A monitor (hooks.test is the e2e webhook receiver); then the checklist is gone.
    await page.getByRole("link", { name: "Add a monitor" }).click();
    await page.getByLabel("Domain").fill("good-shop.test");
    await page.getByLabel("Webhook URL").fill("https://hooks.test/e2e-overview");
    await page.getByRole("button", { name: "Add monitor" }).click();
    expect(await page.textContent("#new-secret")).toMatch(/^whsec_/);
    await page.goto(`${baseUrl}/app`);
    expect(await checklist(page)).toEqual([]);
    // The overview's Sites card opens the site's own pages; its install status is the
    // Sites page's (Setup).
    const row = page.locator(`tr[data-domain="${SHOP}"]`);
    expect(await row.getByRole("link", { name: `Live of ${SHOP}` }).count()).toBe(1);
    await inBothSchemes(page, "app-overview");
    await page.goto(`${baseUrl}/app/sites`);
    expect(await page.textContent(`tr[data-domain="${SHOP}"]`)).toContain("Receiving");
    await page.goto(`${baseUrl}/app`);

    // The live view, from the overview's link: it updates in place when a ChatGPT visit arrives.
    await page.getByRole("link", { name: `Live of ${SHOP}` }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}/live`));
    const before = Number(await page.textContent('[data-metric="live_all_sessions"]'));
    expect(before).toBeGreaterThanOrEqual(1);
    // A mark on the window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    const chatgpt = "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot";
    expect((await beacon(token, chatgpt, "198.51.100.171")).status).toBe(202);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-metric="live_all_sessions"]')?.textContent) === n + 1,
      before,
      { timeout: 45_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await page.waitForSelector('#live-platforms li[data-key="chatgpt"]', { timeout: 45_000 });
    expect(await page.textContent('#live-platforms li[data-key="chatgpt"]')).toBe("ChatGPT: 1");
    expect(await page.textContent("#live-announce")).toContain("in the last 30 minutes");
    await inBothSchemes(page, "app-live");
  }, 240_000);

  it("traffic and sessions read in words, with stacked charts, in light and dark", async () => {
    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?period=24h`);
    await page.waitForSelector(".chart canvas", { timeout: 10_000 });
    expect(await page.textContent("main")).not.toMatch(/\bai_assistant_session\b|\bchatgpt\b/);
    // The site switcher names no other site in a one-site workspace.
    expect(await page.locator(".site-switch").count()).toBe(0);
    await inBothSchemes(page, "app-traffic-words");
    await page.goto(`${baseUrl}/app/sites/${SHOP}/sessions?period=24h`);
    expect(await page.locator('td[data-label="Platform"]', { hasText: "ChatGPT" }).count()).toBeGreaterThan(0);
    await inBothSchemes(page, "app-sessions-words");
  }, 120_000);

  it("shows the last 24 hours against the 24 before, and a table's CSV reads back equal to the API", async () => {
    // Only today's visits so far (yesterday's come by an imported log in the next step),
    // so the previous 24 hours hold no session.
    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?period=24h`);
    // By hand: the first visit (Chrome, no referrer) and the ChatGPT visit, both today.
    // AI-agent sessions 1, was 0: "new"; AI share 1 of 2 = 50%, and no change beside it:
    // the previous 24 hours had no traffic, and a share of nothing is not 0% (the site
    // dashboard's tiles, workers/app/dashboard/site-dashboard.tsx).
    const change = (metric: string) => page.locator(`[data-change="${metric}"]`);
    await expect(change("total_sessions").getAttribute("data-direction")).resolves.toBe("up");
    await expect(change("total_sessions").textContent()).resolves.toContain("▲ new (was 0)");
    await expect(page.locator('[data-metric="ai_share_pct"]').textContent()).resolves.toBe("50%");
    expect(await change("ai_share_pct").count()).toBe(0);

    // The table's name is visually hidden (an absolutely positioned span, a block box, so
    // the computed name may have a space before its colon).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Download CSV ?: Sessions by source$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sources-overview-shop.example.csv");
    const saved = await download.path();
    const [header, ...rows] = parseCsv(readFileSync(saved, "utf8")).map((r) => r.map(readCsvCell));
    // The count's header is the metric catalogue's (docs/metrics.md): sessions of agents and people.
    expect(header).toEqual(["source", "sub_source", "all_sessions", "share_pct"]);
    const res = await fetch(`${baseUrl}/api/v1/traffic/sources?domain=${SHOP}&period=24h`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const api = (await res.json()) as { by_source: Record<string, string | number | null>[] };
    const field = (name: string) => (name === "all_sessions" ? "sessions" : name);
    expect(rows).toEqual(api.by_source.map((r) => header.map((name) => String(r[field(name)] ?? ""))));
    // Two sources, one session each, half the sessions each.
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ["1", "50"],
      ["1", "50"],
    ]);
  }, 120_000);

  it("imports yesterday's and the day before's log by the upload, and shows yesterday against the day before as the API does", async () => {
    // A log of the two days before today, uploaded on the Log drains page: lines older
    // than the live salts (or of a day whose live salt this fresh server never held) are
    // hashed under their own past day's salt (docs/privacy.md "Imported days").
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const yesterday = today - DAY;
    const dayBefore = today - 2 * DAY;
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const logTime = (ms: number) => {
      const d = new Date(ms);
      const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
      const p = (n: number) => String(n).padStart(2, "0");
      return `${p(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
    };
    const GPTBOT =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    const CLAUDEBOT =
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
    const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
    const line = (ip: string, ms: number, path: string, ua: string) =>
      `${ip} - - [${logTime(ms)}] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
    const at10 = (day: number, seconds: number) => day + 10 * 3_600_000 + seconds * 1000;
    const log = [
      // The day before: one GPTBot visitor reading two pages, one session.
      line("20.171.207.2", at10(dayBefore, 0), "/products/mug", GPTBOT),
      line("20.171.207.2", at10(dayBefore, 60), "/products/cup", GPTBOT),
      // Yesterday: two GPTBot visitors (two networks) and ClaudeBot, three sessions;
      // a person's page view, which the site's snippet counts already.
      line("20.171.207.3", at10(yesterday, 0), "/", GPTBOT),
      line("20.171.208.4", at10(yesterday, 30), "/faq", GPTBOT),
      line("160.79.104.10", at10(yesterday, 60), "/", CLAUDEBOT),
      line("198.51.100.172", at10(yesterday, 90), "/", CHROME),
    ].join("\n");

    await page.goto(`${baseUrl}/app/sites/${SHOP}/drains`);
    await page.getByLabel("Log file", { exact: true }).setInputFiles({
      name: "access-two-days.log",
      mimeType: "text/plain",
      buffer: Buffer.from(log),
    });
    await page.getByRole("button", { name: "Import file" }).click();
    await page.waitForSelector("#import-result", { timeout: 30_000 });
    const result = (await page.textContent("#import-result")) ?? "";
    expect(result).toContain("access-two-days.log: 6 lines read as combined.");
    expect(result).toContain("5 stored: 5 page views, 5 AI agents' requests.");
    expect(result).toContain("1 skipped");

    // Yesterday, by its From and To days; the page compares with the equal period before.
    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic`);
    await page.getByText("Custom range").click();
    // The fields' labels name the workspace's zone ("From (UTC day)"); /^To/ alone would
    // also match the "Top pages" card.
    await page.getByLabel(/^From \(.+ day\)$/).fill(dayOf(yesterday));
    await page.getByLabel(/^To \(.+ day\)$/).fill(dayOf(yesterday));
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/from=/);
    // By hand: 3 AI-agent sessions yesterday against 1 the day before: up 200% (was 1);
    // 3 unique visitors against 1 the same; all sessions agents' on both days: 100%, no change.
    const change = (metric: string) => page.locator(`[data-change="${metric}"]`);
    await expect(page.locator('[data-metric="total_sessions"]').textContent()).resolves.toBe("3");
    await expect(change("total_sessions").getAttribute("data-direction")).resolves.toBe("up");
    await expect(change("total_sessions").textContent()).resolves.toContain("▲ 200% (was 1)");
    await expect(change("unique_visitors").textContent()).resolves.toContain("▲ 200% (was 1)");
    await expect(change("ai_share_pct").textContent()).resolves.toContain("no change (was 100%)");

    // The API's compare=previous over the same window says the same.
    const res = await fetch(
      `${baseUrl}/api/v1/traffic/overview?domain=${SHOP}&from=${new Date(yesterday).toISOString()}&to=${new Date(today).toISOString()}&compare=previous`,
      { headers: { Authorization: `Bearer ${key}` } },
    );
    expect(res.status).toBe(200);
    const api = (await res.json()) as {
      total_sessions: number;
      unique_visitors: number;
      previous: { period_start: string; total_sessions: number; unique_visitors: number };
    };
    expect(api).toMatchObject({ total_sessions: 3, unique_visitors: 3 });
    expect(api.previous).toMatchObject({
      period_start: new Date(dayBefore).toISOString(),
      total_sessions: 1,
      unique_visitors: 1,
    });
    await inBothSchemes(page, "app-traffic-yesterday");
  }, 180_000);

  it("receives the weekly report in the local mailbox and follows its link into the workspace", async () => {
    await page.goto(`${baseUrl}/app`);
    const workspaceUrl = page.url();
    await page.goto(`${baseUrl}/app/settings/notifications`);
    await page.getByRole("checkbox", { name: /Weekly report/ }).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await page.waitForURL(inWorkspace(baseUrl, "/app/settings/notifications?saved=1"));
    // The app Worker's notification cron, run by hand through the local /__scheduled.
    expect((await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent(NOTIFY_CRON)}`)).status).toBe(200);
    const mail = await waitForMail(page, baseUrl, { to: address, subject: "weekly report" });
    await expect(mail.textContent()).resolves.toContain(SHOP);
    // The site's line links its traffic page for the mail's days, in this workspace; the
    // line after the sites links the workspace (then the footer's settings and unsubscribe).
    const links = await mail.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    const siteTraffic = `${workspaceUrl.replace(/\/$/, "")}/sites/${SHOP}/traffic`;
    expect(links.slice(0, 2).map((l) => l.split("?")[0])).toEqual([siteTraffic, workspaceUrl]);
    expect([...new URL(links[0]).searchParams.keys()]).toEqual(["from", "to"]);
    await mail.locator("a").first().click();
    await page.waitForURL((url) => `${url.origin}${url.pathname}` === siteTraffic);
    expect(await page.locator('[data-metric="total_sessions"]').count()).toBeGreaterThan(0);
    await page.goBack();
    await mail.locator("a").nth(1).click();
    await page.waitForURL(workspaceUrl);
    // The overview's Sites card lists the site with its own pages one click away.
    const row = page.locator(`tr[data-domain="${SHOP}"]`);
    expect(await row.getByRole("link", { name: `Live of ${SHOP}` }).count()).toBe(1);
  }, 120_000);
});
