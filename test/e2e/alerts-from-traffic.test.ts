import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { describeInChromium, expectOne } from "./browser";
import { waitForMail } from "./mailbox";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// Alerts from real traffic, against `npm start` (docs/app.md "Notifications"): the site's
// robots.txt enters the robots history through the ingest Worker's own job (the history
// the robots-compliance report judges by), agent requests arrive through
// POST /api/v1/events, and the app Worker's notification job runs twice through the
// local /__scheduled as of 00:30 UTC tomorrow (`at`), when today is "the previous whole
// day" of the robots alert and inside the new-agent alert's last 24 hours. Each alert
// must arrive once, not twice, and its unsubscribe link must work.
const baseUrl = inject("baseUrl");
const NOTIFY_CRON = "7 * * * *";
const INGEST_CRON = "*/5 * * * *";
const DAY = 86_400_000;
// The good-shop fixture (global-setup maps it here): its robots.txt disallows GPTBot from
// everything and every agent from /checkout (test/fixtures/shops/good-shop.ts).
const SHOP = "good-shop.test";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";

/** How many messages to `to` the local mailbox lists whose subject contains `subject`. */
async function mailCount(page: Page, to: string, subject: string): Promise<number> {
  await page.goto(`${baseUrl}/app/__mailbox`);
  return page
    .locator("article.mail")
    .filter({ has: page.locator("h2", { hasText: subject }) })
    .filter({ has: page.locator("p > bdi", { hasText: to }) })
    .count();
}

describeInChromium("alerts from ingested traffic", (chrome) => {
  it("a new agent and a robots.txt violation are each mailed once, with a working unsubscribe link", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.73" });
    const address = await signUpOnce(page, baseUrl, "alerts-traffic");
    await page.goto(`${baseUrl}/app/settings/notifications`);
    await page.getByRole("checkbox", { name: /New AI agent/ }).check();
    await page.getByRole("checkbox", { name: /robots\.txt violations/ }).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expectOne(page.getByText("Your notification settings are saved."));
    const key = await createKey(page, baseUrl, "alerts");
    const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    await seedSite(page, baseUrl, SHOP);

    // The ingest job fetches the robots.txt of registered domains into the history; until
    // it holds a version, the report cannot judge a request.
    const compliance = async () => {
      const res = await fetch(`${baseUrl}/api/v1/traffic/robots-compliance?domain=${SHOP}&period=24h`, { headers });
      expect(res.status).toBe(200);
      return (await res.json()) as { totals: { disallowed: number }; robots?: unknown };
    };
    const job = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent(INGEST_CRON)}`);
    expect(job.status).toBe(200);

    // Requests of today, after the robots.txt was seen; in the first minutes of a UTC day,
    // wait so they do not fall on yesterday.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const room = 5 * 60_000;
    if (Date.now() - today < room) await new Promise((r) => setTimeout(r, today + room - Date.now()));
    const request = (path: string, ua: string, ip: string) => ({
      timestamp: new Date().toISOString(),
      domain: SHOP,
      path,
      method: "GET",
      status: 200,
      user_agent: ua,
      ip,
    });
    // By hand: GPTBot to /products/x is disallowed (GPTBot: Disallow /), ChatGPT-User to
    // /products/y is allowed (*: Disallow /checkout only): one disallowed request.
    const sent = await fetch(`${baseUrl}/api/v1/events`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        events: [request("/products/x", GPTBOT, "203.0.120.7"), request("/products/y", CHATGPT_USER, "203.0.121.7")],
      }),
    });
    expect(sent.status).toBe(200);
    await expect.poll(async () => (await compliance()).totals.disallowed, { timeout: 60_000, interval: 1000 }).toBe(1);

    const runAt = new Date(today + DAY + 30 * 60_000).toISOString();
    const run = () =>
      fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent(NOTIFY_CRON)}&at=${encodeURIComponent(runAt)}`);
    expect((await run()).status).toBe(200);
    const robotsMail = await waitForMail(page, baseUrl, { to: address, subject: `robots.txt violations on ${SHOP}` });
    const robotsText = (await robotsMail.locator("pre.mail-text").textContent()) ?? "";
    expect(robotsText).toContain(`made 1 request to ${SHOP} that its robots.txt disallowed`);
    await waitForMail(page, baseUrl, { to: address, subject: `New AI agent on ${SHOP}: ChatGPT` });

    // The same agent again and a second run: nothing new to say, no second message.
    const again = await fetch(`${baseUrl}/api/v1/events`, {
      method: "POST",
      headers,
      body: JSON.stringify({ events: [request("/products/x", GPTBOT, "203.0.120.7")] }),
    });
    expect(again.status).toBe(200);
    await expect.poll(async () => (await compliance()).totals.disallowed, { timeout: 60_000, interval: 1000 }).toBe(2);
    expect((await run()).status).toBe(200);
    expect(await mailCount(page, address, `robots.txt violations on ${SHOP}`)).toBe(1);
    expect(await mailCount(page, address, `New AI agent on ${SHOP}`)).toBe(1);

    // The unsubscribe link of the new-agent mail: GET confirms, the button unsubscribes.
    const agentMail = await waitForMail(page, baseUrl, { to: address, subject: `New AI agent on ${SHOP}` });
    await agentMail.locator('a[href*="/app/unsubscribe/"]').click();
    await page.waitForURL(/\/app\/unsubscribe\//);
    await page.getByRole("button", { name: 'Unsubscribe from "New AI agent"' }).click();
    await expectOne(page.getByText('You will no longer receive "New AI agent" mail'));
    await page.goto(`${baseUrl}/app/settings/notifications`);
    await expect(page.getByRole("checkbox", { name: /New AI agent/ }).isChecked()).resolves.toBe(false);
    await expect(page.getByRole("checkbox", { name: /robots\.txt violations/ }).isChecked()).resolves.toBe(true);
  }, 240_000);
});
