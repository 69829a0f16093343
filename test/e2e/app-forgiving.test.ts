import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { describeInChromium, expectAccessible, expectNoHorizontalScroll, expectOne, inWorkspace } from "./browser";
import { waitForMail } from "./mailbox";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// Issue 25's Chromium journey, one browser and one person: reload after every form and
// nothing repeats (counted through the v1 API or the page's own list), void asks first, a
// second tab on another workspace acts on its own, a forgotten password is reset through the
// local mailbox, and a site is removed. axe on every page visited; 390 px without sideways
// scrolling on every page issue 25 changed, including the monitors page with its whsec_
// secret, visible table captions and a journey with a long interaction target.
const baseUrl = inject("baseUrl");
const NEW_PASSWORD = "a passphrase chosen after the reset";
const stamp = Date.now();
const SHOP = `forgiving-${stamp}.example`;
const OTHER = `second-tab-${stamp}.example`;
// An agent's interaction target as long as a beacon allows (200), with no break opportunity.
const LONG_TARGET = `button#${"add-to-cart-".repeat(16)}`.slice(0, 200);

type Json = Record<string, unknown>;

async function api(key: string, path: string, init: RequestInit = {}): Promise<Json> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

const list = async (key: string, path: string, field: string) => (await api(key, path))[field] as Json[];

/** axe, and at 390 px no sideways scrolling. */
async function checkPage(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await expectNoHorizontalScroll(page, name);
}

/**
 * Reloads the page and proves the browser asked for it again with a GET: after
 * Post/Redirect/Get the page on screen is a GET's answer, so a reload cannot post again.
 */
async function reloadIsGet(page: Page): Promise<void> {
  const methods: string[] = [];
  const onRequest = (r: { isNavigationRequest(): boolean; method(): string }) => {
    if (r.isNavigationRequest()) methods.push(r.method());
  };
  page.on("request", onRequest);
  await page.reload();
  page.off("request", onRequest);
  expect(methods).toEqual(["GET"]);
}

describeInChromium("issue 25's journey in headless Chromium: safe and forgiving", (chrome) => {
  it("reloads after every form without repeating it, voids after asking, keeps two tabs apart, resets the password and removes a site", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.171" });
    const address = await signUpOnce(page, baseUrl, "forgiving");
    const workspaceA = /\/app\/w\/([^/]+)/.exec(page.url())?.[1] ?? "";

    // A new key: shown once; the reload shows the list, still one key, and no secret.
    const key = await createKey(page, baseUrl, "Journey key");
    await checkPage(page, "new key");
    await reloadIsGet(page);
    expect(await page.locator("#new-key").count()).toBe(0);
    expect(await page.locator("tr[data-key-id]").count()).toBe(1);

    // A site with a long name: added once; the sites table stays inside 1,280 and 390 px.
    const { token } = await seedSite(page, baseUrl, SHOP, `Shop \u202E${"Ü".repeat(150)}`);
    await checkPage(page, "site install");
    await reloadIsGet(page);
    expect((await list(key, "/api/v1/sites", "sites")).map((s) => s.domain)).toEqual([SHOP]);
    await page.goto(`${baseUrl}/app/sites`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // The unterminated override is gone from the page, so nothing after it is reversed.
    expect(await page.content()).not.toContain("\u202E");
    await checkPage(page, "sites");
    // A visible caption keeps the table's width at 390 px, not one word per line.
    await page.setViewportSize({ width: 390, height: 900 });
    const caption = await page.locator("caption.hint").first().boundingBox();
    expect(caption?.width ?? 0).toBeGreaterThan(250);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A monitor: its whsec_ secret shown once and wrapped at 390 px; the reload adds none.
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByLabel("Domain").fill("good-shop.test");
    await page.getByLabel("Webhook URL").fill("https://hooks.test/e2e-forgiving");
    await page.getByRole("button", { name: "Add monitor" }).click();
    expect(await page.textContent("#new-secret")).toMatch(/^whsec_/);
    await checkPage(page, "monitors with the new secret");
    await reloadIsGet(page);
    expect(await page.locator("#new-secret").count()).toBe(0);
    const monitors = await list(key, "/api/v1/monitors", "monitors");
    expect(monitors).toHaveLength(1);
    const monitorId = String(monitors[0].monitor_id);

    // A test event: the answer is the monitor's page; reloading it sends no second event.
    await page.locator(`tr[data-monitor="${monitorId}"]`).getByRole("button", { name: "Send test event" }).click();
    await page.waitForURL(new RegExp(`/app/w/${workspaceA}/monitors/${monitorId}(\\?flash=[^&]+)?$`));
    expect(await page.textContent(".notice-success")).toMatch(/Test event queued/);
    await checkPage(page, "monitor deliveries");
    await reloadIsGet(page);
    expect(await page.locator(".notice-success").count()).toBe(0);
    await expect
      .poll(async () => (await list(key, `/api/v1/monitors/${monitorId}/deliveries`, "deliveries")).length, {
        timeout: 20_000,
      })
      .toBe(1);

    // An invitation: its link shown once; the reload leaves one open invitation.
    await page.goto(`${baseUrl}/app/settings/members`);
    await page.getByRole("button", { name: "Create invite link" }).click();
    await expectOne(page.locator("#invite-link"));
    await checkPage(page, "members with the new link");
    await reloadIsGet(page);
    expect(await page.locator("#invite-link").count()).toBe(0);
    expect(await page.locator("li[data-invite-id]").count()).toBe(1);

    // A conversion voided: the Void button asks first, and only the confirmation voids.
    const at = new Date(Date.now() - 60_000).toISOString();
    await api(key, "/api/v1/conversions", {
      method: "POST",
      body: JSON.stringify({
        conversions: [{ external_id: "journey-1", occurred_at: at, value_minor: 1500, currency: "EUR", site: SHOP }],
      }),
    });
    await page.goto(`${baseUrl}/app/conversions?period=30d`);
    await page.locator('tr[data-external-id="journey-1"]').getByRole("button", { name: /Void/ }).click();
    await page.waitForURL(new RegExp(`/app/w/${workspaceA}/conversions/journey-1/void\\??$`));
    const stillLive = await list(key, "/api/v1/conversions?include_voided=true", "results");
    expect(stillLive.find((r) => r.external_id === "journey-1")?.voided).toBe(false);
    await checkPage(page, "void confirmation");
    await page.getByRole("button", { name: "Confirm void" }).click();
    await page.waitForURL(new RegExp(`/app/w/${workspaceA}/conversions(\\?flash=[^&]+)?$`));
    expect(await page.textContent(".notice-success")).toContain("journey-1");
    await checkPage(page, "conversions after a void");
    await reloadIsGet(page);
    expect(await page.locator(".notice-success").count()).toBe(0);
    const voided = await list(key, "/api/v1/conversions?include_voided=true", "results");
    expect(voided.filter((r) => r.external_id === "journey-1").map((r) => r.voided)).toEqual([true]);

    // An agent's session whose interaction target is 200 characters without a break.
    const send = (k: string, extra: Json = {}) =>
      fetch(`${baseUrl}/ingest/e`, {
        method: "POST",
        headers: {
          Origin: `https://${SHOP}`,
          "Content-Type": "text/plain",
          "User-Agent": "Mozilla/5.0 AppleWebKit/537.36; compatible; ChatGPT-User/1.0; +https://openai.com/bot",
          "CF-Connecting-IP": "198.51.100.171",
        },
        body: JSON.stringify({ s: token, k, u: `https://${SHOP}/products/mug`, ...extra }),
      });
    expect((await send("pageview")).status).toBe(202);
    expect((await send("interaction", { t: LONG_TARGET })).status).toBe(202);
    let sessionId = "";
    await expect
      .poll(
        async () => {
          const found = await list(key, `/api/v1/traffic/sessions?domain=${SHOP}&period=7d`, "results");
          sessionId = String(found[0]?.session_id ?? "");
          if (!sessionId) return [];
          const journey = await api(key, `/api/v1/traffic/sessions/${sessionId}`);
          return (journey.top_interactions as { target: string }[]).map((i) => i.target);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([LONG_TARGET]);
    await page.goto(`${baseUrl}/app/sessions/${sessionId}`);
    expect(await page.content()).toContain(LONG_TARGET);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await checkPage(page, "journey with a long target");

    // A second tab (same browser, same session) on a second workspace acts on that one;
    // the first tab, still on A's pages, keeps acting on A.
    const tabB = await page.context().newPage();
    await tabB.goto(`${baseUrl}/app/workspaces/new`);
    await tabB.getByLabel("Workspace name").fill(`Second ${stamp}`);
    await tabB.getByRole("button", { name: "Create workspace" }).click();
    await tabB.waitForURL(inWorkspace(baseUrl, "/app"));
    const workspaceB = /\/app\/w\/([^/]+)/.exec(tabB.url())?.[1] ?? "";
    expect(workspaceB).not.toBe(workspaceA);
    await tabB.goto(`${baseUrl}/app/w/${workspaceB}/sites`);
    await page.goto(`${baseUrl}/app/w/${workspaceA}/sites`);
    await tabB.getByLabel("Domain").fill(OTHER);
    await tabB.getByRole("button", { name: "Add site" }).click();
    await tabB.waitForURL(`${baseUrl}/app/w/${workspaceB}/sites/${OTHER}`);
    await page.getByLabel("Domain").fill(`a-${OTHER}`);
    await page.getByRole("button", { name: "Add site" }).click();
    await page.waitForURL(`${baseUrl}/app/w/${workspaceA}/sites/a-${OTHER}`);
    // The key belongs to A: it sees A's two sites and not B's.
    expect((await list(key, "/api/v1/sites", "sites")).map((s) => s.domain).sort()).toEqual([`a-${OTHER}`, SHOP]);
    await tabB.goto(`${baseUrl}/app/w/${workspaceB}/sites`);
    expect(await tabB.locator("tr[data-domain]").evaluateAll((rows) => rows.map((r) => r.dataset.domain))).toEqual([
      OTHER,
    ]);
    await tabB.close();

    // Forgotten password: the reset link arrives in the local mailbox; using it ends the session.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl}/app/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await checkPage(page, "reset requested");
    await reloadIsGet(page);
    const mail = await waitForMail(page, baseUrl, { to: address, subject: "Reset your Agent Readiness password" });
    await checkPage(page, "local mailbox");
    await mail.locator('a[href*="/app/password-reset/"]').click();
    await checkPage(page, "new password");
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${baseUrl}/app/sign-in?reset=done&apps=0`);
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(inWorkspace(baseUrl, "/app"));

    // Removing a site: a confirmation page, then the site and its traffic are gone.
    await page.goto(`${baseUrl}/app/w/${workspaceA}/sites/${SHOP}`);
    await page.getByRole("button", { name: "Delete this site…" }).click();
    await page.waitForURL(new RegExp(`/app/w/${workspaceA}/sites/${SHOP.replaceAll(".", "\\.")}/delete\\??$`));
    expect((await list(key, "/api/v1/sites", "sites")).map((s) => s.domain)).toContain(SHOP);
    await checkPage(page, "site delete confirmation");
    await page.getByRole("button", { name: "Confirm delete" }).click();
    await page.waitForURL(new RegExp(`/app/w/${workspaceA}/sites(\\?flash=[^&]+)?$`));
    expect(await page.textContent(".notice-success")).toContain(`${SHOP} and its traffic were deleted`);
    await reloadIsGet(page);
    expect((await list(key, "/api/v1/sites", "sites")).map((s) => s.domain)).toEqual([`a-${OTHER}`]);
    expect((await page.goto(`${baseUrl}/app/w/${workspaceA}/sites/${SHOP}`))?.status()).toBe(404);
    await page.context().close();
  }, 240_000);
});
