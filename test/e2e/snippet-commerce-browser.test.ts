import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { describeInChromium } from "./browser";
import { COMMERCE_SHOP_HOST } from "./snippet-fixture-server";
import { adminKey, seedSite } from "./workspace-seed";

// Issue 46: the snippet's commerce in a real Chromium, against `npm start`. On one shop
// page whose add-to-cart form is a WebMCP tool (declarative API, `toolname`), an agent
// submits the form (the submit event dispatched as the WebMCP explainer describes the
// browser firing it: a SubmitEvent whose `agentInvoked` is true, after `toolactivated`
// with the tool's name) and a person clicks the same button; each then reports its order
// with `agentReadiness.purchase` on the confirmation step. Only the agent's submit may
// count as agent-submitted, and only its order as one an agent got in the browser, as
// the v1 orders-by-channel report says.
const baseUrl = inject("baseUrl");
const shopUrl = `http://${COMMERCE_SHOP_HOST}:${inject("snippetFixturePort")}`;
const run = Date.now().toString(36);

let auth: Record<string, string>;

async function api(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    ...init,
    headers: { ...auth, "Content-Type": "application/json", ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Channels {
  total: { orders: number };
  channels: {
    channel: string;
    orders: number;
    by_currency: { currency: string; orders: number; value_minor: number }[];
  }[];
  browser_agents: {
    carts_submitted: number;
    checkouts_submitted: number;
    forms_submitted: number;
    by_tool: { tool: string; submitted: number; activated: number; canceled: number }[];
  };
}

/** The addToCart tool's counts in the orders-by-channel report (zeros before its first event). */
async function toolCounts() {
  const r = await api(`/api/v1/attribution/channels?domain=${COMMERCE_SHOP_HOST}&period=24h`);
  expect(r.status).toBe(200);
  const byTool = (r.body as unknown as Channels).browser_agents.by_tool;
  return byTool.find((t) => t.tool === "addToCart") ?? { tool: "addToCart", submitted: 0, activated: 0, canceled: 0 };
}

/** A browser context as a headed Chrome on its own network: that Chrome's User-Agent, the IP the edge sees. */
async function headedChrome(browser: Browser, ip: string): Promise<BrowserContext> {
  const major = (await browser.version()).split(".")[0];
  return browser.newContext({
    extraHTTPHeaders: { "CF-Connecting-IP": ip },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
  });
}

/** The shop's mug page in this context, once the snippet runs; its beacons' statuses as they are answered. */
async function openMug(context: BrowserContext): Promise<{ page: Page; statuses: number[] }> {
  const page = await context.newPage();
  const statuses: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/ingest/e")) statuses.push(r.status());
  });
  await page.goto(`${shopUrl}/mug`);
  await page.waitForFunction(() => "agentReadiness" in window);
  return { page, statuses };
}

/** Waits until the page's beacons so far have been answered, `n` of them at least, and returns their statuses. */
async function answered(statuses: number[], page: Page, n: number): Promise<number[]> {
  for (let i = 0; i < 150 && statuses.length < n; i++) await page.waitForTimeout(100);
  return statuses;
}

describeInChromium(
  "the snippet's agentInvoked submits and purchases reach the service (skipped only where /usr/bin/chromium is missing)",
  (chrome) => {
    beforeAll(async () => {
      const { key } = await adminKey(baseUrl, `commerce-e2e-${run}`, "--scopes", "sites:write,conversions:read");
      auth = { Authorization: `Bearer ${key}` };
      const { snippet } = await seedSite({ key }, baseUrl, COMMERCE_SHOP_HOST, "Commerce shop");
      await fetch(`http://127.0.0.1:${inject("snippetFixturePort")}/__set`, {
        method: "POST",
        body: JSON.stringify({ host: COMMERCE_SHOP_HOST, snippet }),
      });
    }, 60_000);

    it("counts the agent's submit and order as the agent's, the person's as neither", async () => {
      const visit = async (who: "agent" | "person", ip: string) => {
        // A person's Chrome (its own network, the User-Agent a headed Chrome sends): agentic
        // browsers send the same, so only the submit's agentInvoked tells them apart.
        const context = await headedChrome(chrome.browser, ip);
        const { page, statuses } = await openMug(context);
        if (who === "agent") {
          await page.evaluate(() => {
            const form = document.querySelector("form") as HTMLFormElement;
            const activated = Object.assign(new Event("toolactivated"), { toolName: "addToCart" });
            window.dispatchEvent(activated);
            const submit = new SubmitEvent("submit", {
              bubbles: true,
              cancelable: true,
              submitter: form.querySelector("button"),
            });
            Object.defineProperty(submit, "agentInvoked", { value: true });
            form.dispatchEvent(submit);
          });
        } else {
          await page.getByRole("button", { name: "Add to cart" }).click();
        }
        // pageview, then (agent) tool_activated and agent_submit, add_to_cart.
        const before = who === "agent" ? 4 : 2;
        await answered(statuses, page, before);
        const order = { order_id: `${who}-${run}`, value: who === "agent" ? 12.5 : 30, currency: "EUR" };
        await page.evaluate((o) => {
          (window as unknown as { agentReadiness: { purchase(o: unknown): void } }).agentReadiness.purchase(o);
        }, order);
        await answered(statuses, page, before + 1);
        await context.close();
        return statuses;
      };
      const agent = await visit("agent", "198.18.46.7");
      const person = await visit("person", "198.18.47.7");
      // Every beacon accepted: the agent's pageview, tool_activated, agent_submit, add_to_cart
      // and purchase; the person's pageview, add_to_cart and purchase.
      expect(agent.length).toBeGreaterThanOrEqual(5);
      expect(person.length).toBeGreaterThanOrEqual(3);
      expect([...agent, ...person].every((s) => s === 202)).toBe(true);

      let report: Channels | undefined;
      for (let i = 0; i < 240; i++) {
        const r = await api(`/api/v1/attribution/channels?domain=${COMMERCE_SHOP_HOST}&period=24h`);
        expect(r.status).toBe(200);
        report = r.body as unknown as Channels;
        if (report.total.orders >= 2 && report.browser_agents.carts_submitted >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // By hand: one cart submitted by an agent (the person's submit is not one), through
      // the tool addToCart, activated once; the agent's order (12.50 EUR) is one an agent
      // got in the browser, the person's (30.00 EUR, no referrer) another order.
      expect(report?.browser_agents).toMatchObject({
        carts_submitted: 1,
        checkouts_submitted: 0,
        forms_submitted: 0,
        by_tool: [{ tool: "addToCart", submitted: 1, activated: 1, canceled: 0 }],
      });
      const channel = (name: string) => report?.channels.find((c) => c.channel === name);
      expect(channel("agent_browser")).toMatchObject({
        orders: 1,
        by_currency: [{ currency: "EUR", orders: 1, value_minor: 1250 }],
      });
      expect(channel("other")).toMatchObject({
        orders: 1,
        by_currency: [{ currency: "EUR", orders: 1, value_minor: 3000 }],
      });
      expect(channel("agent_checkout")?.orders).toBe(0);
      expect(channel("ai_referral")?.orders).toBe(0);
    }, 120_000);

    it("hears WebMCP's tool events where Chrome's preview fires them (document.modelContext) and at the form", async () => {
      const before = await toolCounts();
      const context = await headedChrome(chrome.browser, "198.18.48.7");
      // The model context of a Chrome with WebMCP (an EventTarget outside the page's
      // nodes), present before the page's scripts run, as the browser's own would be.
      await context.addInitScript(() => {
        (document as unknown as { modelContext: EventTarget }).modelContext = new EventTarget();
      });
      const { page, statuses } = await openMug(context);
      await page.evaluate(() => {
        const mc = (document as unknown as { modelContext: EventTarget }).modelContext;
        // Chrome's preview: `toolactivated` and `toolcancel` on the model context, naming the tool.
        mc.dispatchEvent(Object.assign(new Event("toolactivated"), { toolName: "addToCart" }));
        mc.dispatchEvent(Object.assign(new Event("toolcancel"), { toolName: "addToCart" }));
        // The explainer's open question (issue 126): fired at the form, not bubbling; the
        // tool is the form's `toolname`.
        document.querySelector("form")?.dispatchEvent(new Event("toolactivated"));
        // A page's own CustomEvent naming the tool in `detail`.
        window.dispatchEvent(new CustomEvent("toolcanceled", { detail: { toolName: "addToCart" } }));
      });
      // pageview, two tool_activated, two tool_canceled.
      await answered(statuses, page, 5);
      await context.close();
      expect(statuses.length).toBeGreaterThanOrEqual(5);
      expect(statuses.every((s) => s === 202)).toBe(true);
      let after = before;
      for (let i = 0; i < 240; i++) {
        after = await toolCounts();
        if (after.activated >= before.activated + 2 && after.canceled >= before.canceled + 2) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // By hand: two activations and two cancels of addToCart, each heard once; no submit.
      expect(after).toMatchObject({
        submitted: before.submitted,
        activated: before.activated + 2,
        canceled: before.canceled + 2,
      });
    }, 120_000);

    it("still counts the visit on a page whose own model context throws (a WebMCP polyfill)", async () => {
      const before = await toolCounts();
      const context = await headedChrome(chrome.browser, "198.18.48.8");
      // A polyfill's model context that refuses every listener, and a getter that throws:
      // the snippet before this answer stopped there, before its page view and its API.
      await context.addInitScript(() => {
        Object.defineProperty(navigator, "modelContext", {
          value: {
            addEventListener() {
              throw new TypeError("unsupported event");
            },
          },
        });
        Object.defineProperty(document, "modelContext", {
          get() {
            throw new Error("not ready");
          },
        });
      });
      const { page, statuses } = await openMug(context);
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent("toolactivated", { detail: { toolName: "addToCart" } })),
      );
      // pageview, then the tool event the window still hears.
      await answered(statuses, page, 2);
      await context.close();
      expect(statuses.slice(0, 2)).toEqual([202, 202]);
      let after = before;
      for (let i = 0; i < 240 && after.activated < before.activated + 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        after = await toolCounts();
      }
      expect(after).toMatchObject({ activated: before.activated + 1, canceled: before.canceled });
    }, 120_000);

    it("leaves no error in the page when its beacon cannot be sent (no sendBeacon, endpoint blocked)", async () => {
      const context = await headedChrome(chrome.browser, "198.18.48.9");
      // A browser without sendBeacon, and an ad blocker refusing the endpoint: the
      // snippet's fetch fallback fails, and that failure is the snippet's own business.
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "sendBeacon", { value: undefined });
      });
      let refused = 0;
      await context.route("**/ingest/e", (route) => {
        refused++;
        return route.abort("blockedbyclient");
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && !/ERR_BLOCKED_BY_CLIENT|Failed to load resource/.test(m.text()))
          errors.push(m.text());
      });
      await page.goto(`${shopUrl}/mug`);
      await page.waitForFunction(() => "agentReadiness" in window);
      await page.evaluate(() => window.dispatchEvent(new CustomEvent("toolactivated", { detail: { toolName: "x" } })));
      for (let i = 0; i < 50 && refused < 2; i++) await page.waitForTimeout(100);
      await page.waitForTimeout(300);
      await context.close();
      expect(refused).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
    }, 120_000);
  },
  // A Chrome that does not announce automation, so the person's visit is a person's.
  {
    ignoreDefaultArgs: ["--enable-automation"],
    args: [
      "--disable-blink-features=AutomationControlled",
      `--host-resolver-rules=MAP ${COMMERCE_SHOP_HOST} 127.0.0.1`,
    ],
  },
);
