import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  inWorkspace,
  offlineOnly,
  screenshots,
  tabStops,
} from "./browser";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

const baseUrl = inject("baseUrl");
const SHOP = "dash-shop.example";
const QUIET = "quiet-shop.example";

type Json = Record<string, unknown>;

async function api(key: string, path: string): Promise<Json> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A browser beacon of the site's snippet, sent the way the snippet sends it. */
function beacon(token: string, url: string, userAgent: string, ip: string) {
  return fetch(`${baseUrl}/ingest/e`, {
    method: "POST",
    headers: {
      Origin: `https://${SHOP}`,
      "Content-Type": "text/plain",
      "User-Agent": userAgent,
      "CF-Connecting-IP": ip,
    },
    body: JSON.stringify({ s: token, k: "pageview", u: url }),
  });
}

describeInChromium("the dashboard pages in headless Chromium", (chrome) => {
  let page: Page;
  let refused: string[];
  let key = "";
  let token = "";

  beforeAll(async () => {
    page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.160" });
    refused = await offlineOnly(page, baseUrl);
    await signUpOnce(page, baseUrl, "dashboard");
    key = await createKey(page, baseUrl, "Dashboard test");
  }, 90_000);

  afterAll(() => {
    expect(refused).toEqual([]);
  });

  it("Sites: an empty list says what to do; Add site shows the snippet and the install status flips to receiving after a beacon", async () => {
    await page.goto(`${baseUrl}/app/sites`);
    expect(await page.textContent(".empty")).toContain("No sites yet");
    await expectAccessible(page, "sites empty");
    await page.getByLabel("Domain").fill(`https://www.${SHOP}/products/mug`);
    await page.getByLabel("Name").fill("Dash shop");
    await page.getByRole("button", { name: "Add site" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}`));
    const snippet = (await page.textContent("#snippet")) ?? "";
    token = /data-site-id="([^"]+)"/.exec(snippet)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(await page.getAttribute("[data-poll-url]", "data-status")).toBe("awaiting_first_event");
    await expectAccessible(page, "site install");
    await screenshots(page, "app-site-install-waiting");
    // The merchant deploys the snippet: its first request arrives while the page polls.
    expect(
      (await beacon(token, `https://${SHOP}/`, "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0", "198.51.100.160"))
        .status,
    ).toBe(202);
    await page.waitForSelector('[data-poll-url][data-status="receiving"]', { timeout: 20_000 });
    expect(await page.textContent("#install-status-word")).toBe("Receiving");
    expect(await page.isVisible("#check-again")).toBe(true);
    await screenshots(page, "app-site-install-receiving");
    await page.goto(`${baseUrl}/app/sites`);
    expect(await page.textContent(`tr[data-domain="${SHOP}"]`)).toContain("Receiving");
    await expectAccessible(page, "sites list");
    await expectNoHorizontalScroll(page, "sites list");
    await screenshots(page, "app-sites");
  }, 60_000);

  it("Sites: a beacon from a foreign Origin shows as rejected with the Origin and what to do", async () => {
    const { token: quietToken } = await seedSite(page, baseUrl, QUIET);
    const res = await fetch(`${baseUrl}/ingest/e`, {
      method: "POST",
      headers: { Origin: "https://staging.elsewhere.example", "Content-Type": "text/plain" },
      body: JSON.stringify({ s: quietToken, k: "pageview", u: "https://staging.elsewhere.example/" }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await page.waitForSelector('[data-poll-url][data-status="rejected"]', { timeout: 20_000 });
    expect(await page.textContent("#reject-origin")).toBe("https://staging.elsewhere.example");
    expect(await page.isVisible("#install-rejected")).toBe(true);
    await expectAccessible(page, "site rejected");
    await screenshots(page, "app-site-install-rejected");
  }, 60_000);

  it("Traffic: the tiles, purpose split and tiers equal the API's numbers for the same window", async () => {
    const now = new Date().toISOString();
    const record = (path: string, ua: string, ip: string) => ({
      timestamp: now,
      domain: SHOP,
      path,
      method: "GET",
      status: 200,
      user_agent: ua,
      ip,
    });
    const events = [
      record(
        "/products/mug",
        "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "203.0.113.10",
      ),
      record(
        "/products/cup",
        "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "198.51.100.11",
      ),
      record("/", "Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "192.0.2.12"),
      record(
        "/",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "203.0.112.13",
      ),
    ];
    const posted = await fetch(`${baseUrl}/api/v1/events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ events }),
    });
    expect(posted.status).toBe(200);
    await beacon(
      token,
      `https://${SHOP}/products/mug`,
      "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0",
      "198.51.100.161",
    );
    const overview = await until(
      () => api(key, `/api/v1/traffic/overview?domain=${SHOP}&period=7d`),
      (o) => Number(o.total_sessions) >= 4,
      "four agent sessions",
    );
    const sources = await api(key, `/api/v1/traffic/sources?domain=${SHOP}&period=7d`);
    const purpose = await api(key, `/api/v1/traffic/purpose-split?domain=${SHOP}&period=7d`);
    const tiers = await api(key, `/api/v1/traffic/verification?domain=${SHOP}&period=7d`);

    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?period=7d`);
    const metric = (name: string) => page.textContent(`[data-metric="${name}"]`);
    expect(await metric("total_sessions")).toBe(String(overview.total_sessions));
    expect(await metric("unique_visitors")).toBe(String(overview.unique_visitors));
    expect(await metric("ai_share_pct")).toBe(`${sources.ai_share_pct}%`);
    expect(await metric("verified_sessions")).toBe(String(tiers.verified_sessions));
    expect(await metric("declared_sessions")).toBe(String(tiers.declared_sessions));
    for (const p of purpose.by_purpose as { purpose: string; sessions: number }[]) {
      expect(await page.getAttribute(`[data-purpose="${p.purpose}"]`, "data-sessions"), p.purpose).toBe(
        String(p.sessions),
      );
    }
    for (const p of overview.top_pages as { entry_url: string; sessions: number }[]) {
      expect(await page.textContent(`tr[data-page="${p.entry_url}"] td[data-sessions]`)).toBe(String(p.sessions));
    }
    // The chart is drawn by the service's own uPlot, and its numbers are in a table too.
    await page.waitForSelector(".chart canvas", { timeout: 10_000 });
    expect(await page.locator(".chart canvas").count()).toBeGreaterThan(0);
    await expectAccessible(page, "traffic");
    await expectNoHorizontalScroll(page, "traffic");
    await screenshots(page, "app-traffic");
  }, 90_000);

  it("Traffic: over 24 hours the chart plots UTC hours, and its points equal the API's series", async () => {
    type Series = { interval: string; buckets: string[] } & Record<string, unknown>;
    /**
     * What the chart drawn from `id`'s data shows: [x seconds, ...one array per line], each
     * line's own counts (the hover values); uPlot plots their running totals (stacked).
     */
    const plotted = (id: string) =>
      page.evaluate((sel) => {
        const el = document.querySelector(sel) as unknown as { uplot: { data: number[][] }; chartValues: number[][] };
        const [x, ...drawn] = el.uplot.data;
        return { x, drawn, values: el.chartValues };
      }, `[data-chart="${id}-data"]`);
    const expectPlotted = async (
      id: string,
      series: Series,
      lines: { sessions: number[] }[],
      previousLines: { sessions: number[] }[],
    ) => {
      expect(series.interval).toBe("hour");
      // 24 h touch 25 UTC hours (the first and last in part).
      expect(series.buckets).toHaveLength(25);
      // Last: the previous 24 hours' total per hour (compare=previous), bucket by bucket.
      const previous = series.buckets.map((_, i) => previousLines.reduce((n, l) => n + (l.sessions[i] ?? 0), 0));
      const chart = await plotted(id);
      expect(chart.x).toEqual(series.buckets.map((b) => Date.parse(b) / 1000));
      // The lines are stacked: each band's top is its count plus every band below it.
      const tops = chart.drawn.slice(0, lines.length);
      const own = tops.map((top, i) => top.map((v, j) => (i === 0 ? v : v - tops[i - 1][j])));
      expect(own).toEqual(lines.map((l) => l.sessions));
      // The previous period is an overlay drawn as it is, never stacked on the bands.
      expect(chart.drawn[lines.length]).toEqual(previous);
      expect(chart.drawn).toHaveLength(lines.length + 1);
      expect(chart.values).toEqual([...lines.map((l) => l.sessions), previous]);
    };
    // The page and the API each take their own "now": read both again if an hour began between them.
    for (let attempt = 0; ; attempt++) {
      const overview = await api(key, `/api/v1/traffic/overview?domain=${SHOP}&period=24h&compare=previous`);
      await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?period=24h`);
      await page.waitForSelector(".chart canvas", { timeout: 10_000 });
      const platforms = overview.by_platform_series as Series & { platforms: { sessions: number[] }[] };
      const x = (await plotted("platform-series")).x;
      if (x[0] !== Date.parse(platforms.buckets[0]) / 1000 && attempt === 0) continue;
      expect(platforms.platforms.length).toBeGreaterThan(0);
      const before = {
        platforms: (overview.previous as { by_platform_series: typeof platforms }).by_platform_series.platforms,
      };
      await expectPlotted("platform-series", platforms, platforms.platforms, before.platforms);
      // The table beside the chart names the hours.
      expect(await page.textContent("#platform-series-caption")).toContain("UTC hour");
      break;
    }
    await expectAccessible(page, "traffic 24h");
    await expectNoHorizontalScroll(page, "traffic 24h");
    await screenshots(page, "app-traffic-24h");
  }, 60_000);

  it("Traffic: a site without events says no_events_yet and what to do", async () => {
    await page.goto(`${baseUrl}/app/sites/${QUIET}/traffic?period=24h`);
    expect(await page.getAttribute(".empty", "data-state")).toBe("no_events_yet");
    const apiReport = await api(key, `/api/v1/traffic/overview?domain=${QUIET}&period=24h`);
    expect(apiReport.data_status).toBe("no_events_yet");
    await expectAccessible(page, "traffic empty");
    await screenshots(page, "app-traffic-empty");
  }, 30_000);

  it("Sessions: the list equals GET /traffic/sessions, filters narrow it, and each journey opens as a timeline", async () => {
    const all = await api(key, `/api/v1/traffic/sessions?domain=${SHOP}&period=7d`);
    await page.goto(`${baseUrl}/app/sites/${SHOP}/sessions?period=7d`);
    expect(await page.textContent('[data-metric="total_matching"]')).toBe(String(all.total_matching));
    const ids = await page.$$eval("tr[data-session]", (rows) => rows.map((r) => r.getAttribute("data-session")));
    expect(ids).toEqual((all.results as { session_id: string }[]).map((r) => r.session_id));
    await expectAccessible(page, "sessions");
    await expectNoHorizontalScroll(page, "sessions");
    await screenshots(page, "app-sessions");
    await page.getByLabel("Purpose").selectOption("crawl");
    await page.getByRole("button", { name: "Filter" }).click();
    const crawl = await api(key, `/api/v1/traffic/sessions?domain=${SHOP}&period=7d&purpose=crawl`);
    expect(await page.textContent('[data-metric="total_matching"]')).toBe(String(crawl.total_matching));
    const first = (all.results as { session_id: string }[])[0].session_id;
    const journey = await api(key, `/api/v1/traffic/sessions/${first}`);
    await page.goto(`${baseUrl}/app/sessions/${first}`);
    expect(await page.locator(".timeline li").count()).toBe((journey.pages as unknown[]).length);
    expect(await page.getAttribute('[data-metric="outcome"]', "data-outcome")).toBe(String(journey.outcome));
    await expectAccessible(page, "journey");
    await screenshots(page, "app-journey");
  }, 60_000);

  it("Conversions: per-currency totals equal the API's, never summed across currencies; an admin voids one", async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const conv = (external_id: string, value_minor: number, currency: string, click?: string) => ({
      external_id,
      occurred_at: at,
      value_minor,
      currency,
      site: SHOP,
      ...(click ? { attribution: { click_ids: { oppref: click } } } : {}),
    });
    const posted = await fetch(`${baseUrl}/api/v1/conversions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        conversions: [conv("order-1", 1999, "EUR", "abc"), conv("order-2", 500, "EUR"), conv("order-3", 1200, "JPY")],
      }),
    });
    expect(posted.status).toBe(200);
    const report = await api(key, "/api/v1/attribution/overview?period=30d");
    await page.goto(`${baseUrl}/app/conversions?period=30d`);
    expect(await page.textContent('[data-metric="total_conversions"]')).toBe(String(report.total_conversions));
    for (const m of report.by_currency as { currency: string; conversions: number }[]) {
      expect(await page.textContent(`tr[data-currency-row="${m.currency}"] td:nth-child(2)`)).toBe(
        String(m.conversions),
      );
    }
    expect(await page.textContent('tr[data-currency-row="EUR"] td:nth-child(3)')).toBe("24.99 EUR");
    expect(await page.textContent('tr[data-currency-row="JPY"] td:nth-child(3)')).toBe("1,200 JPY");
    expect((await page.textContent("main")) ?? "").not.toMatch(/ROAS|return on ad spend/i);
    await expectAccessible(page, "conversions");
    await expectNoHorizontalScroll(page, "conversions");
    await screenshots(page, "app-conversions");
    // Void is irreversible, so it asks first (as revoking a key does), then answers with a redirect.
    await page.locator('tr[data-external-id="order-2"]').getByRole("button", { name: /Void/ }).click();
    // A GET form with no fields still ends its URL with "?".
    await page.waitForURL(new RegExp(`^${baseUrl}/app/w/[^/]+/conversions/order-2/void\\??$`));
    await expectAccessible(page, "void confirmation");
    await page.getByRole("button", { name: "Confirm void" }).click();
    await page.waitForURL(new RegExp(`^${baseUrl}/app/w/[^/]+/conversions(\\?flash=[^&]+)?$`));
    expect(await page.textContent(".notice-success")).toContain("Order order-2 voided");
    const list = await api(key, "/api/v1/conversions?include_voided=true");
    const voided = (list.results as { external_id: string; voided: boolean }[]).find(
      (r) => r.external_id === "order-2",
    );
    expect(voided?.voided).toBe(true);
    expect(await page.locator('tr[data-external-id="order-2"]').count()).toBe(0);
  }, 60_000);

  it("Monitors: create shows the secret once; the list shows last score and next rescan; deliveries open; a test event is delivered", async () => {
    await page.goto(`${baseUrl}/app/monitors`);
    expect(await page.textContent(".empty")).toContain("No monitors yet");
    await page.getByLabel("Domain").fill("good-shop.test");
    // hooks.test is the e2e webhook receiver (global-setup), so the test event really arrives.
    await page.getByLabel("Webhook URL").fill("https://hooks.test/e2e-dashboard");
    await page.getByRole("button", { name: "Add monitor" }).click();
    expect(await page.textContent("#new-secret")).toMatch(/^whsec_/);
    const listed = await api(key, "/api/v1/monitors");
    const monitors = listed.monitors as { monitor_id: string; domain: string }[];
    expect(monitors.map((m) => m.domain)).toContain("good-shop.test");
    const row = page.locator(`tr[data-monitor="${monitors[0].monitor_id}"]`);
    expect(await row.textContent()).toMatch(/UTC/);
    await expectAccessible(page, "monitors");
    await screenshots(page, "app-monitors");
    await row.getByRole("link", { name: "good-shop.test" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/monitors/${monitors[0].monitor_id}`));
    expect(await page.textContent(".empty")).toContain("No deliveries yet");
    await expectAccessible(page, "deliveries");

    // "Send test event" queues a signed score.changed; the deliveries log shows the receiver's answer.
    await page.goto(`${baseUrl}/app/monitors`);
    await row.getByRole("button", { name: "Send test event" }).click();
    // Post/Redirect/Get: the answer is the monitor's page with a one-time notice.
    await page.waitForURL(new RegExp(`^${baseUrl}/app/w/[^/]+/monitors/${monitors[0].monitor_id}(\\?flash=[^&]+)?$`));
    expect(await page.textContent(".notice-success")).toMatch(/Test event queued for good-shop\.test/);
    // The page updates itself (refresh.js) while the delivery waits: no reload.
    const delivery = page.locator("[data-delivery]").first();
    await expect
      .poll(async () => delivery.getAttribute("data-status"), { timeout: 15_000, interval: 300 })
      .toBe("succeeded");
    expect(await delivery.textContent()).toMatch(/score\.changed.*Delivered.*HTTP 200/);
    // The payload as sent and the receiver's answer, under the delivery's details.
    await delivery.locator("summary").click();
    expect(JSON.parse((await delivery.locator('[data-raw="payload"]').textContent()) ?? "")).toMatchObject({
      event: "score.changed",
      domain: "good-shop.test",
      test: true,
    });
    // The receiver's answer body as text (test/fixtures/monitors/webhook-receiver.ts says "thanks").
    expect(await delivery.locator('[data-raw="response"]').textContent()).toBe("thanks");
    await expectAccessible(page, "deliveries");
    await screenshots(page, "app-monitor-deliveries");
  }, 60_000);

  it("keyboard alone reaches every action of the traffic page", async () => {
    const reached = (stops: string[], actions: string[]) => {
      for (const action of actions) {
        expect(
          stops.some((s) => s.startsWith(action)),
          `${action} in ${JSON.stringify(stops)}`,
        ).toBe(true);
      }
    };
    // The periods are links; the custom range is a disclosure (site-dashboard.tsx's period picker).
    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?period=7d`);
    reached(await tabStops(page), [
      "a:Sites",
      "a:Last 7 days",
      "summary:Custom range",
      "summary:What the tiers mean",
      "a:Install",
    ]);
    // A custom range in the address (four days ago to two days ago: no preset's
    // window) opens it: its day fields and Show are in the Tab order.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${baseUrl}/app/sites/${SHOP}/traffic?from=${day(4)}&to=${day(2)}`);
    reached(await tabStops(page), ["summary:Custom range", "input:", "button:Show"]);
  }, 60_000);
});
