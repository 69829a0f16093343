import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { describeInChromium, expectOne, inWorkspace, SCREENSHOT_DIR } from "./browser";
import { newAddress, PASSWORD, signUpOnce } from "./workspace-seed";

const baseUrl = inject("baseUrl");

async function whoami(key: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/whoami`, { headers: { Authorization: `Bearer ${key}` } });
}

/** Axe in the page itself (axe-core's bundled source, no network): no serious or critical violation. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Nothing sticks out sideways: the page fits the viewport width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** Screenshots of each page at 1280 and 390 px (docs/app.md "Screenshots"). */
async function shoot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

async function createKey(page: Page, name: string, preset: string): Promise<string> {
  // On a phone the main navigation is behind the Menu button (workers/app/layout/layout.tsx).
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "API keys" }).first().click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  // The preset button ticks its scopes visibly; the ticks are what the form sends.
  await page.getByRole("button", { name: `Tick ${preset}` }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  return ((await page.locator("#new-key").textContent()) ?? "").trim();
}

describeInChromium(
  "the application in headless Chromium (skipped only where /usr/bin/chromium is missing)",
  (chrome) => {
    function newPage(width = 1280, address = "192.0.2.10"): Promise<Page> {
      // Each test browses from its own client address, so sign-in throttles stay apart.
      return chrome.newPage({ viewport: { width, height: width < 500 ? 844 : 900 }, ip: address });
    }

    beforeAll(() => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
    });

    it("signs up, creates a Provisioning key that whoami accepts, revokes it and the key answers 401", async () => {
      const page = await newPage(1280, "192.0.2.11");
      await page.goto(`${baseUrl}/app`);
      expect(new URL(page.url()).pathname).toBe("/app/sign-in");
      await expectOne(page.getByLabel("Email"));
      await expectOne(page.getByRole("button", { name: "Sign in" }));
      await expectAccessible(page);
      await shoot(page, "sign-in");

      await page.getByRole("link", { name: "Create account" }).click();
      await expectAccessible(page);
      await shoot(page, "sign-up");
      await page.getByLabel("Email").fill(newAddress("journey"));
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(inWorkspace(baseUrl, `/app`));
      expect(await page.locator("h1").textContent()).toBe("Overview");
      expect(await page.getByLabel("Workspace").inputValue()).toMatch(/^ws_/);
      await expectAccessible(page);
      await shoot(page, "overview");

      const key = await createKey(page, "Shop backend", "Provisioning");
      expect(key).toMatch(/^ar_live_[0-9A-Za-z]{40}$/);
      await expectAccessible(page);
      await shoot(page, "api-keys-created");
      const me = await whoami(key);
      expect(me.status).toBe(200);
      const body = (await me.json()) as { scopes: string[] };
      expect(body.scopes.toSorted()).toEqual(["sites:write", "traffic:read"]);

      // The application's session cookie opens nothing on the v1 API.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "ar_session")?.httpOnly).toBe(true);
      const withCookie = await fetch(`${baseUrl}/api/v1/whoami`, {
        headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      });
      expect(withCookie.status).toBe(401);

      await page.goto(`${baseUrl}/app/settings/api-keys`);
      expect(await page.locator("body").textContent()).not.toContain(key);
      const row = page.getByRole("row").filter({ hasText: "Shop backend" });
      await row.getByRole("button", { name: "Revoke" }).click();
      await expectAccessible(page);
      await shoot(page, "revoke-confirm");
      await page.getByRole("button", { name: "Confirm revoke" }).click();
      await page.getByText("Revoked").waitFor();
      expect((await whoami(key)).status).toBe(401);
    }, 120_000);

    it("a member cannot create or revoke keys; another workspace's user sees none of them", async () => {
      const owner = await newPage(1280, "192.0.2.12");
      await signUpOnce(owner, baseUrl, "owner");
      await createKey(owner, "Owner key", "Full access");
      await owner.goto(`${baseUrl}/app/settings/members`);
      await owner.getByRole("button", { name: "Create invite link" }).click();
      const link = ((await owner.locator("#invite-link").textContent()) ?? "").trim();
      await expectAccessible(owner);
      await shoot(owner, "members-invite");

      const member = await newPage(1280, "192.0.2.13");
      await member.goto(link);
      await member.getByLabel("Email").fill(newAddress("member"));
      await member.getByLabel("Password").fill(PASSWORD);
      await member.getByRole("button", { name: "Create account" }).click();
      await member.waitForURL(inWorkspace(baseUrl, `/app`));
      await member.getByRole("link", { name: "Settings", exact: true }).click();
      await member.getByRole("link", { name: "API keys" }).first().click();
      // count() does not wait, so wait for the page the click leads to first.
      await member.waitForURL(inWorkspace(baseUrl, `/app/settings/api-keys`));
      expect(await member.getByText("Owner key").count()).toBe(1);
      expect(await member.getByRole("button", { name: "Create key" }).count()).toBe(0);
      expect(await member.getByRole("button", { name: "Revoke" }).count()).toBe(0);

      const stranger = await newPage(1280, "192.0.2.14");
      await signUpOnce(stranger, baseUrl, "stranger");
      await stranger.goto(`${baseUrl}/app/settings/api-keys`);
      expect(await stranger.getByText("Owner key").count()).toBe(0);
      expect(await stranger.getByText("no API keys yet").count()).toBe(1);
    }, 120_000);

    it("an owner changes a member's role, withdraws an invitation and removes the member, who loses the workspace at once", async () => {
      const owner = await newPage(1280, "192.0.2.19");
      await signUpOnce(owner, baseUrl, "boss");
      await owner.goto(`${baseUrl}/app/settings/members`);
      await owner.getByRole("button", { name: "Create invite link" }).click();
      const link = ((await owner.locator("#invite-link").textContent()) ?? "").trim();

      const memberAddress = newAddress("leaver");
      const member = await newPage(1280, "192.0.2.20");
      await member.goto(link);
      await member.getByLabel("Email").fill(memberAddress);
      await member.getByLabel("Password").fill(PASSWORD);
      await member.getByRole("button", { name: "Create account" }).click();
      await member.waitForURL(inWorkspace(baseUrl, `/app`));
      const workspacePage = `${baseUrl}/app/settings/api-keys`;
      await member.goto(workspacePage);
      expect(await member.getByRole("button", { name: "Create key" }).count()).toBe(0);

      // Role change: the member becomes an admin and may now create keys.
      await owner.goto(`${baseUrl}/app/settings/members`);
      await owner.getByLabel(`Role of ${memberAddress}`).selectOption("admin");
      const row = owner.getByRole("row").filter({ hasText: memberAddress });
      await row.getByRole("button", { name: "Change role" }).click();
      await owner.getByText(`${memberAddress} is now admin.`).waitFor();
      await member.goto(workspacePage);
      expect(await member.getByRole("button", { name: "Create key" }).count()).toBe(1);

      // An open invitation is withdrawn: its link stops working.
      await owner.getByRole("button", { name: "Create invite link" }).click();
      const spare = ((await owner.locator("#invite-link").textContent()) ?? "").trim();
      await owner.getByRole("button", { name: "Withdraw" }).click();
      await owner.getByText("Invitation withdrawn").waitFor();
      expect((await fetch(spare)).status).toBe(404);

      // Removal, through its confirmation page, at both widths.
      await owner.getByRole("row").filter({ hasText: memberAddress }).getByRole("button", { name: "Remove" }).click();
      await expectAccessible(owner);
      await shoot(owner, "members-remove-confirm");
      await owner.getByRole("button", { name: "Confirm remove" }).click();
      await owner.getByText(`Removed ${memberAddress}.`).waitFor();
      await expectAccessible(owner);
      await shoot(owner, "members");
      await owner.setViewportSize({ width: 390, height: 900 });
      await expectNoSidewaysScroll(owner);
      await shoot(owner, "members");

      // The removed person's next request no longer reaches the owner's workspace.
      // They belong to no other workspace, so they land on "New workspace".
      await member.goto(workspacePage);
      expect(member.url()).toBe(`${baseUrl}/app/workspaces/new`);
      await member.getByText("You do not belong to any workspace yet").waitFor();
    }, 120_000);

    it("works at 390 px wide: no sideways scrolling, no serious axe finding", async () => {
      const page = await newPage(390, "192.0.2.15");
      await page.goto(`${baseUrl}/app/sign-in`);
      await expectNoSidewaysScroll(page);
      await shoot(page, "sign-in");
      await signUpOnce(page, baseUrl, "narrow");
      await expectNoSidewaysScroll(page);
      await createKey(page, "Phone key", "Read only");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shoot(page, "api-keys-created");
      await page.goto(`${baseUrl}/app/settings/api-keys`);
      await expectNoSidewaysScroll(page);
      await shoot(page, "api-keys");
    }, 120_000);

    it("adds a passkey in Settings and signs in with it (Chromium's virtual authenticator)", async () => {
      // WebAuthn refuses IP addresses as relying-party ids; localhost is a secure context.
      const local = baseUrl.replace("127.0.0.1", "localhost");
      const page = await newPage(1280, "192.0.2.18");
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await signUpOnce(page, local, "passkey");
      await page.goto(`${local}/app/settings`);
      // Adding a passkey re-authenticates (issue 25 #2).
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await page.getByRole("button", { name: "Remove passkey" }).waitFor();
      await expectAccessible(page);
      await shoot(page, "settings-passkey");

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${local}/app/sign-in`);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.waitForURL(inWorkspace(local, `/app`));
      expect(await page.locator("h1").textContent()).toBe("Overview");
    }, 120_000);

    it("works with the keyboard alone: sign in, reach Settings -> API keys, create a key", async () => {
      const setup = await newPage(1280, "192.0.2.16");
      const address = await signUpOnce(setup, baseUrl, "keyboard");

      const page = await newPage(1280, "192.0.2.17");
      await page.goto(`${baseUrl}/app/sign-in`);
      // Tab until an element whose accessible text matches is focused, then press a key.
      const tabTo = async (text: string) => {
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press("Tab");
          const focused = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
            return (label ?? el?.textContent ?? "").trim();
          });
          if (focused === text) return;
        }
        throw new Error(`could not reach "${text}" with Tab`);
      };
      await tabTo("Email");
      await page.keyboard.type(address);
      await tabTo("Password");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Enter");
      await page.waitForURL(inWorkspace(baseUrl, `/app`));
      await tabTo("Settings");
      await page.keyboard.press("Enter");
      await page.waitForURL(inWorkspace(baseUrl, `/app/settings`));
      await tabTo("API keys");
      await page.keyboard.press("Enter");
      await page.waitForURL(inWorkspace(baseUrl, `/app/settings/api-keys`));
      await tabTo("Name");
      await page.keyboard.type("Keyboard key");
      await tabTo("Create key");
      await page.keyboard.press("Enter");
      await page.locator("#new-key").waitFor();
      expect(await page.locator("#new-key").textContent()).toMatch(/^ar_live_/);
    }, 120_000);
  },
);
