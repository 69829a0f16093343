import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { inWorkspace, signUpInBrowser } from "./browser";

// The browser files' one way to an account, a workspace, a key and a site (issue 42).
// A file signs one account up (signUpOnce, in its beforeAll) and each test that needs a
// clean slate opens a fresh workspace of it (freshWorkspace): signing up costs a
// password hash and three pages, a workspace one form. Accounts are not shared between
// files: they run at once against the one local server, and an app session remembers
// its current workspace for the short /app/… addresses the tests open.
// Keys and sites are made through the app's own forms or the v1 API, so through the use
// cases a merchant reaches (createWorkspaceKey, registerSite), never by rows written past
// them; files without a browser account take their key from the local admin command.

const root = path.resolve(import.meta.dirname, "../..");

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
  /** The public token of the site's snippet. */
  token: string;
  /** The snippet's HTML to paste, as the app or the API gives it. */
  snippet: string;
  /** The site's id: the API answers it; the Sites form does not show it (null). */
  siteId: string | null;
}

/**
 * A site added through registerSite, by the transport the test holds: a signed-in page
 * adds it on the Sites page (`name` typed when given; the page is left on the site's
 * install page), a key by POST /api/v1/sites.
 */
export async function seedSite(
  via: Page | { key: string },
  baseUrl: string,
  domain: string,
  name?: string,
): Promise<SeededSite> {
  if ("key" in via) {
    const res = await fetch(`${baseUrl}/api/v1/sites`, {
      method: "POST",
      headers: { Authorization: `Bearer ${via.key}`, "Content-Type": "application/json" },
      body: JSON.stringify(name === undefined ? { domain } : { domain, name }),
    });
    const text = await res.text();
    expect(res.status, `POST /api/v1/sites ${domain}: ${text}`).toBe(201);
    const body = JSON.parse(text) as { site_id: string; domain: string; public_token: string; snippet: string };
    return { domain: body.domain, token: body.public_token, snippet: body.snippet, siteId: body.site_id };
  }
  const page = via;
  await page.goto(`${baseUrl}/app/sites`);
  await page.getByLabel("Domain").fill(domain);
  if (name !== undefined) await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Add site" }).click();
  await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${domain}`));
  const snippet = (await page.textContent("#snippet")) ?? "";
  const token = /data-site-id="([^"]+)"/.exec(snippet)?.[1] ?? "";
  expect(token, `the snippet of ${domain}`).not.toBe("");
  return { domain, token, snippet, siteId: null };
}

export interface AdminKey {
  workspace_id: string;
  key_id: string;
  key: string;
  scopes: string[];
}

/**
 * A key of `workspace` (made when new) from the local admin command
 * (`npm run admin -- create-key`), for files that need no browser account: the flags
 * are the command's (`--preset full`, `--scopes a,b`, `--name N`).
 */
export async function adminKey(baseUrl: string, workspace: string, ...flags: string[]): Promise<AdminKey> {
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "--silent", "admin", "--", "create-key", "--workspace", workspace, ...flags],
    { cwd: root, env: { ...process.env, BASE_URL: baseUrl } },
  );
  return JSON.parse(stdout.trim()) as AdminKey;
}
