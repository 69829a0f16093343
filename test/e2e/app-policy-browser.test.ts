import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  COLOUR_RULES,
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  offlineOnly,
  screenshots,
} from "./browser";
import { wordProblems } from "./page-words";
import { createKey, freshWorkspace, seedSite, signUpOnce } from "./workspace-seed";

// A site's Agent policy page as a merchant uses it (docs/policy.md): the cost of each
// choice read off the page equals the reports' own numbers over the same 30 days (the
// v1 API answers), the policy is changed by keyboard alone and saved, and the page holds
// to axe in light and dark and to 390 px.

const baseUrl = inject("baseUrl");
const SHOP = "policy-shop.example";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";
const CHATGPT_USER = "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";

type Json = Record<string, unknown>;

async function api(key: string, path: string, init: RequestInit = {}): Promise<Json> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
  });
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

/** A figure of one agent's row of the cost table, as the page shows it. */
async function figure(page: Page, agent: string, metric: string): Promise<number | null> {
  const text = ((await page.textContent(`tr[data-agent="${agent}"] [data-metric="${metric}"]`)) ?? "").trim();
  return text === "–" ? null : Number(text.replace(/,/g, ""));
}

describeInChromium("a site's agent policy page in headless Chromium", (chrome) => {
  let page: Page;
  let refused: string[];
  let key = "";

  beforeAll(async () => {
    page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.180" });
    refused = await offlineOnly(page, baseUrl);
    await signUpOnce(page, baseUrl, "policy");
  }, 90_000);

  /** Each test's own workspace, with a full-access key and the shop added. */
  async function shopWorkspace(name: string): Promise<string> {
    await freshWorkspace(page, baseUrl, name);
    key = await createKey(page, baseUrl, "Policy test");
    return (await seedSite(page, baseUrl, SHOP)).token;
  }

  afterAll(() => {
    expect(refused).toEqual([]);
  });

  it("shows what blocking each agent would cost in the reports' own numbers", async () => {
    const token = await shopWorkspace("Costs");
    const now = Date.now();
    const record = (path: string, ua: string, ip: string, i: number) => ({
      timestamp: now - 60_000 + i,
      domain: SHOP,
      path,
      method: "GET",
      status: 200,
      user_agent: ua,
      ip,
    });
    // GPTBot from OpenAI's addresses three times; ChatGPT-User twice, for two people.
    await api(key, "/api/v1/events", {
      method: "POST",
      body: JSON.stringify({
        events: [
          record("/products/mug", GPTBOT, "52.230.152.9", 1),
          record("/products/cup", GPTBOT, "52.230.152.9", 2),
          record("/about", GPTBOT, "52.230.152.9", 3),
          record("/products/mug", CHATGPT_USER, "203.0.113.21", 4),
          record("/products/cup", CHATGPT_USER, "198.51.100.22", 5),
        ],
      }),
    });
    // A person who came from a ChatGPT answer, and an order attributed to ChatGPT.
    const referral = await fetch(`${baseUrl}/ingest/e`, {
      method: "POST",
      headers: {
        Origin: `https://${SHOP}`,
        "Content-Type": "text/plain",
        "User-Agent": PERSON,
        "CF-Connecting-IP": "198.51.100.180",
      },
      body: JSON.stringify({ s: token, k: "pageview", u: `https://${SHOP}/products/mug`, r: "https://chatgpt.com/" }),
    });
    expect(referral.status).toBe(202);
    await api(key, "/api/v1/conversions", {
      method: "POST",
      body: JSON.stringify({
        conversions: [
          {
            external_id: `policy-${now}`,
            occurred_at: new Date(now - 30_000).toISOString(),
            value_minor: 2500,
            currency: "EUR",
            site: SHOP,
            attribution: { utm: { source: "chatgpt.com" } },
          },
        ],
      }),
    });
    const q = `?domain=${SHOP}&period=30d`;
    await until(
      () => api(key, `/api/v1/traffic/crawl-to-referral${q}`),
      (r) =>
        (r.operators as { operator: string; referrals: number; crawl_requests: number }[]).some(
          (o) => o.operator === "chatgpt" && o.referrals === 1 && o.crawl_requests === 3,
        ),
      "the requests and the referral",
    );

    await page.goto(`${baseUrl}/app/sites/${SHOP}/policy`);
    const robots = await api(key, `/api/v1/traffic/robots-compliance${q}`);
    const agentOf = (token: string) =>
      (robots.agents as { agent: string; requests: number; disallowed: number }[]).find((a) => a.agent === token);
    expect(await figure(page, "GPTBot", "requests")).toBe(agentOf("gptbot")?.requests);
    expect(await figure(page, "GPTBot", "requests")).toBe(3);
    expect(await figure(page, "GPTBot", "robots_violations")).toBe(agentOf("gptbot")?.disallowed);
    expect(await figure(page, "ChatGPT-User", "requests")).toBe(agentOf("chatgpt-user")?.requests);
    const sessions = await api(key, `/api/v1/traffic/sessions${q}&agent_platform=chatgpt&purpose=user_action`);
    expect(await figure(page, "ChatGPT-User", "visits")).toBe(sessions.total_matching);
    expect(await figure(page, "ChatGPT-User", "visits")).toBe(2);
    const withOrder = await api(
      key,
      `/api/v1/traffic/sessions${q}&agent_platform=chatgpt&purpose=user_action&outcome=completed`,
    );
    expect(await figure(page, "ChatGPT-User", "visits_with_order")).toBe(withOrder.total_matching);
    const referrals = await api(key, `/api/v1/traffic/crawl-to-referral${q}`);
    const chatgpt = (referrals.operators as { operator: string; referrals: number }[]).find(
      (o) => o.operator === "chatgpt",
    );
    expect(await figure(page, "ChatGPT-User", "referrals_at_stake")).toBe(chatgpt?.referrals);
    const attribution = await api(key, `/api/v1/attribution/overview${q}`);
    const orders = (attribution.by_platform as { platform: string; conversions: number }[]).find(
      (p) => p.platform === "chatgpt",
    );
    expect(await figure(page, "ChatGPT-User", "orders_at_stake")).toBe(orders?.conversions);
    expect(await figure(page, "ChatGPT-User", "orders_at_stake")).toBe(1);
    expect(await page.textContent('tr[data-agent="GPTBot"] [data-metric="summary"]')).toBe(
      "Blocking GPTBot would have stopped 3 requests and 0 referrals.",
    );
    // The page's figures are the API's cost answer too.
    const costs = await api(key, `/api/v1/sites/${SHOP}/policy/costs`);
    const costOf = (t: string) => (costs.agents as { token: string; summary: string }[]).find((a) => a.token === t);
    expect(await page.textContent('tr[data-agent="ChatGPT-User"] [data-metric="summary"]')).toBe(
      costOf("ChatGPT-User")?.summary,
    );

    // Words a person reads, not codes, paths or machine times (issue 40's checker).
    expect(await wordProblems(page)).toEqual([]);
    await expectAccessible(page, "policy");
    await expectNoHorizontalScroll(page, "policy");
    await screenshots(page, "app-policy");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page, "policy (dark)", COLOUR_RULES);
    await screenshots(page, "app-policy-dark");
    await page.emulateMedia({ colorScheme: "light" });
  }, 90_000);

  it("changes and saves the policy by keyboard alone", async () => {
    await shopWorkspace("Keyboard");
    await page.goto(`${baseUrl}/app/sites/${SHOP}/policy`);
    // Tab to the training-crawl default, choose Block by typing, then on to the button.
    let found = false;
    for (let i = 0; i < 120 && !found; i++) {
      await page.keyboard.press("Tab");
      found = await page.evaluate(() => document.activeElement?.id === "default-crawl");
    }
    expect(found).toBe(true);
    await page.keyboard.type("Block");
    expect(await page.inputValue("#default-crawl")).toBe("block");
    let onSave = false;
    for (let i = 0; i < 600 && !onSave; i++) {
      await page.keyboard.press("Tab");
      onSave = await page.evaluate(() => document.activeElement?.textContent?.trim() === "Save policy");
    }
    expect(onSave).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForSelector("text=Saved version 1.");
    const saved = await api(key, `/api/v1/sites/${SHOP}/policy`);
    expect(saved).toMatchObject({ version: 1, defaults: { crawl: "block" } });
    // What the collectors now get: GPTBot blocked, from the document they fetch.
    const doc = await api(key, `/api/v1/sites/${SHOP}/policy/collector`);
    const gptbot = (doc.agents as { token: string; verified: unknown }[]).find((a) => a.token === "GPTBot");
    expect(gptbot?.verified).toEqual({ base: "block", paths: [] });
    await expectAccessible(page, "policy saved");
  }, 60_000);
});
