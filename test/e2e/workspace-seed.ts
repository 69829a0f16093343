import type { Page } from "playwright-core";
import { expect } from "vitest";
import { inWorkspace, signUpInBrowser } from "./browser";

// The browser files' one way to an account, a workspace, a key and a site (issue 42).
// A file signs one account up (signUpOnce, in its beforeAll) and each test that needs a
// clean slate opens a fresh workspace of it (freshWorkspace): signing up costs a
// password hash and three pages, a workspace one form. Accounts are not shared between
// files: they run at once against the one local server, and an app session remembers
// its current workspace for the short /app/… addresses the tests open.
// Keys and sites are made through the app's own forms, so through the use cases a
// merchant reaches (createWorkspaceKey, registerSite), never by rows written past them.

export const PASSWORD = "correct horse battery staple";

/** A new account's address: `who`, the time and a random part (files start together). */
export function newAddress(who: string): string {
  return `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs a new account up through the sign-up form; the page is then in its first workspace. Returns the address. */
export async function signUpOnce(page: Page, baseUrl: string, who: string): Promise<string> {
  const address = newAddress(who);
  await signUpInBrowser(page, baseUrl, address, PASSWORD);
  return address;
}

/**
 * A new workspace of the signed-in account, through the New workspace form; the session
 * then opens the short /app/… addresses in it. Returns its id.
 */
export async function freshWorkspace(page: Page, baseUrl: string, name: string): Promise<string> {
  await page.goto(`${baseUrl}/app/workspaces/new`);
  await page.getByLabel("Workspace name").fill(name);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL(inWorkspace(baseUrl, "/app"));
  const id = /\/app\/w\/([^/?#]+)/.exec(page.url())?.[1] ?? "";
  expect(id, "the new workspace's address").not.toBe("");
  return id;
}

/** A key of the current workspace made on its API keys page with a preset's scopes; the key shown once. */
export async function createKey(
  page: Page,
  baseUrl: string,
  name: string,
  preset: "Full access" | "Provisioning" | "Read only" = "Full access",
): Promise<string> {
  await page.goto(`${baseUrl}/app/settings/api-keys`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: `Tick ${preset}` }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = ((await page.locator("#new-key").textContent()) ?? "").trim();
  expect(key).toMatch(/^ar_live_/);
  return key;
}

export interface SeededSite {
  domain: string;
  /** The public token of the snippet the site page shows. */
  token: string;
}

/**
 * A site of the current workspace added on the Sites page (registerSite), `name` typed
 * when given; the page is left on the site's install page. Returns the snippet's token.
 */
export async function seedSite(page: Page, baseUrl: string, domain: string, name?: string): Promise<SeededSite> {
  await page.goto(`${baseUrl}/app/sites`);
  await page.getByLabel("Domain").fill(domain);
  if (name !== undefined) await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Add site" }).click();
  await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${domain}`));
  const token = /data-site-id="([^"]+)"/.exec((await page.textContent("#snippet")) ?? "")?.[1] ?? "";
  expect(token, `the snippet of ${domain}`).not.toBe("");
  return { domain, token };
}
