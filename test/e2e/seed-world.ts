import type { Page } from "playwright-core";
import { expect } from "vitest";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// A workspace with something on every page (issue 40's every-page journey): a key, a
// site whose traffic holds each kind of visitor (an assistant fetching for a person,
// crawls of the cart and the checkout, a spoofed crawler, people from an AI assistant's
// link, a paid ChatGPT ad and a search engine, a headless browser), server-side records
// with errors, conversions, a drain and an imported log, a monitor with deliveries, a
// member invited, every notification on and the notification run's mail. Each step a
// person takes through a form is taken through the page, so its one-time answer (a
// flash) can be read too: `onPage` is called on each such page.

const DAY = 86_400_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHATGPT_USER =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const bot = (token: string) =>
  `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}; +https://example.com/bot)`;

export interface SeededWorld {
  shop: string;
  key: string;
  /** The webhook path of the monitor at hooks.test. */
  hook: string;
}

export interface SeedOptions {
  baseUrl: string;
  /** Unique per run: the shop, the address and the webhook path carry it. */
  stamp: number;
  /** The monitored shop's domain (a fixture whose score can be changed) and its switch. */
  monitoredShop: string;
  setShopMode: (mode: "good" | "degraded") => Promise<unknown>;
  /** Called on each page a form answered, with a name for the failure message. */
  onPage: (page: Page, name: string) => Promise<void>;
}

/** `/__mailbox`-style combined log time: "27/Nov/2026:20:00:00 +0000". */
function combinedTime(at: number): string {
  const d = new Date(at);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

export async function seedWorld(page: Page, o: SeedOptions): Promise<SeededWorld> {
  const { baseUrl, stamp } = o;
  const shop = `words-${stamp}.example`;
  const hook = `/words-${stamp}`;
  await signUpOnce(page, baseUrl, `words-${stamp}`);

  const key = await createKey(page, baseUrl, "Every page");
  await o.onPage(page, "API key created");
  const json = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const post = async (path: string, body: unknown, status = 200) => {
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: json, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
    return res.json() as Promise<Record<string, unknown>>;
  };

  const { token } = await seedSite(page, baseUrl, shop);
  await o.onPage(page, "site added");

  // The snippet's beacons, one network each (each its own visitor and session).
  const beacon = async (ip: string, ua: string, body: Record<string, unknown>) => {
    const res = await fetch(`${baseUrl}/ingest/e`, {
      method: "POST",
      headers: { Origin: `https://${shop}`, "Content-Type": "text/plain", "User-Agent": ua, "CF-Connecting-IP": ip },
      body: JSON.stringify({ s: token, ...body }),
    });
    expect(res.status).toBe(202);
  };
  const page_ = (path: string) => `https://${shop}${path}`;
  // An assistant fetching for a person: a product, the cart, the checkout.
  await beacon("198.51.100.11", CHATGPT_USER, { k: "pageview", u: page_("/products/mug") });
  await beacon("198.51.100.11", CHATGPT_USER, { k: "add_to_cart", u: page_("/products/mug"), t: "Add to cart" });
  await beacon("198.51.100.11", CHATGPT_USER, { k: "begin_checkout", u: page_("/checkout") });
  // People: from a ChatGPT answer's link (and buying), a paid ChatGPT ad, a search engine.
  await beacon("198.51.101.12", BROWSER, { k: "pageview", u: page_("/products/mug"), r: "https://chatgpt.com/" });
  await beacon("198.51.101.12", BROWSER, { k: "add_to_cart", u: page_("/products/mug") });
  await beacon("198.51.101.12", BROWSER, { k: "purchase", u: page_("/thank-you") });
  await beacon("198.51.102.13", BROWSER, { k: "pageview", u: page_("/products/mug?oppref=walk1") });
  await beacon("198.51.103.14", BROWSER, { k: "pageview", u: page_("/"), r: "https://www.google.com/" });
  await beacon("198.51.103.14", BROWSER, { k: "leave", u: page_("/"), d: 42_000 });
  // A headless browser that names nobody: an inferred agent.
  await beacon("198.51.104.15", HEADLESS, { k: "pageview", u: page_("/products/teapot") });

  // Server-side records: crawls (GPTBot from an address OpenAI does not publish: it
  // fails verification; OAI-AdsBot, whose operator publishes no way to verify it),
  // ClaudeBot's errors, a search fetch.
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const record = (ua: string, ip: string, path: string, status: number, minutesAgo: number) => ({
    timestamp: at(minutesAgo),
    domain: shop,
    path,
    method: "GET",
    status,
    user_agent: ua,
    ip,
  });
  await post("/api/v1/events", {
    events: [
      record(bot("GPTBot/1.1"), "203.0.113.21", "/robots.txt", 200, 30),
      record(bot("GPTBot/1.1"), "203.0.113.21", "/products/mug", 200, 29),
      record(bot("GPTBot/1.1"), "203.0.113.21", "/cart", 200, 28),
      record(bot("GPTBot/1.1"), "203.0.113.21", "/checkout", 404, 27),
      record(bot("ClaudeBot/1.0"), "203.0.113.22", "/products/teapot", 200, 26),
      record(bot("ClaudeBot/1.0"), "203.0.113.22", "/old-catalogue", 404, 25),
      record(bot("ClaudeBot/1.0"), "203.0.113.22", "/search?q=mug", 500, 24),
      record(bot("PerplexityBot/1.0"), "203.0.113.23", "/products/mug", 200, 23),
      record(bot("OAI-AdsBot/1.0"), "203.0.113.24", "/products/mug", 200, 22),
    ],
  });
  await post("/api/v1/conversions", {
    conversions: [
      { external_id: `words-${stamp}-1`, occurred_at: at(5), value_minor: 2490, currency: "EUR", site: shop },
      { external_id: `words-${stamp}-2`, occurred_at: at(4), value_minor: 900, currency: "EUR", site: shop },
    ],
  });

  // A drain and an imported log with a line too old to count.
  await page.goto(`${baseUrl}/app/sites/${shop}/drains`);
  await page.getByLabel("Cloudflare Logpush").check();
  await page.getByRole("button", { name: "Create drain" }).click();
  await page.locator("#new-drain").waitFor();
  await o.onPage(page, "drain created");
  const log = [
    `203.0.113.25 - - [${combinedTime(now - 3 * 3_600_000)}] "GET /products/mug HTTP/1.1" 200 512 "-" "${bot("ClaudeBot/1.0")}"`,
    `203.0.113.26 - - [${combinedTime(now - 120 * DAY)}] "GET /products/mug HTTP/1.1" 200 512 "-" "${bot("GPTBot/1.1")}"`,
    "not a log line",
  ].join("\n");
  await page
    .getByLabel("Log file", { exact: true })
    .setInputFiles({ name: "access.log", mimeType: "text/plain", buffer: Buffer.from(`${log}\n`) });
  await page.getByLabel("Format", { exact: true }).selectOption("combined");
  await page.getByRole("button", { name: "Import file" }).click();
  await page.locator("#import-result").waitFor();
  await o.onPage(page, "log imported");

  // A monitor: a refused webhook first (its refusal in words), then one that receives.
  await o.setShopMode("good");
  await page.goto(`${baseUrl}/app/monitors`);
  await page.getByLabel("Domain").fill(o.monitoredShop);
  await page.getByLabel("Webhook URL").fill("https://hooks.example.com:8443/words");
  await page.getByRole("button", { name: "Add monitor" }).click();
  await page.locator(".notice").first().waitFor();
  await o.onPage(page, "monitor refused");
  await page.getByLabel("Domain").fill(o.monitoredShop);
  await page.getByLabel("Webhook URL").fill(`https://hooks.test${hook}`);
  await page.getByRole("button", { name: "Add monitor" }).click();
  await page.locator("#new-secret").waitFor();
  await o.onPage(page, "monitor created");
  await page.getByRole("button", { name: "Send test event" }).first().click();
  await page.locator(".notice").first().waitFor();
  await o.onPage(page, "test event sent");
  await o.setShopMode("degraded");
  await page.goto(`${baseUrl}/app/monitors`);
  await page.getByRole("button", { name: "Rescan now" }).first().click();
  await page.locator(".notice").first().waitFor();
  await o.onPage(page, "rescan queued");

  // A member invited; every notification on.
  await page.goto(`${baseUrl}/app/settings/members`);
  await page.getByLabel("Email (optional)").fill(`words-invited-${stamp}@example.com`);
  await page.getByRole("button", { name: "Create invite link" }).click();
  await page.locator("#invite-link").waitFor();
  await o.onPage(page, "member invited");
  await page.goto(`${baseUrl}/app/settings/notifications`);
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await page.waitForURL(/[?&]saved=1/);
  await o.onPage(page, "notifications saved");

  // The session list holds every visitor once the queue has carried them.
  const sessions = async () => {
    const res = await fetch(`${baseUrl}/api/v1/traffic/sessions?domain=${shop}&period=24h`, { headers: json });
    return ((await res.json()) as { results: unknown[] }).results.length;
  };
  for (const deadline = Date.now() + 60_000; (await sessions()) < 5; ) {
    expect(Date.now(), "the sessions did not arrive within 60 s").toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { shop, key, hook };
}
