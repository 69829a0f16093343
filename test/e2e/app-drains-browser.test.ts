import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { gzip, logpushLine, ndjson, ndjsonLine, UA } from "../fixtures/drains/vendor-lines";
import {
  COLOUR_RULES,
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  offlineOnly,
  screenshots,
} from "./browser";
import { seedSite, signUpOnce } from "./workspace-seed";

// A site's log drains page as a merchant uses it (docs/integrations/README.md "In the
// app"): one journey, one browser. Each kind of drain is created, its secret seen once,
// a real gzip Logpush batch sent to its endpoint the way Logpush sends it, its status
// read after a reload, an access log imported, and a drain revoked after its
// confirmation, whose endpoint then refuses the secret it accepted before.

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const SHOP = "drains-shop.example";

/**
 * A time today (UTC) at `share` of the time gone since midnight: a fresh server holds only
 * today's visitor-hash salt, so "a minute ago" at 00:00:30 would be refused (as in
 * import-logs.test.ts).
 */
function today(share: number): number {
  const now = Date.now();
  const midnight = now - (now % 86_400_000);
  return midnight + Math.floor((now - midnight) * share);
}

/** The combined format's $time_local of `at`: `25/Nov/2026:10:04:00 +0000`. */
function combinedTime(at: number): string {
  const d = new Date(at);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** The value shown once under `label` in the new drain's notice. */
async function setupValue(page: Page, label: string): Promise<string> {
  const row = page.locator("#new-drain-heading + p ~ .secret").filter({ has: page.getByText(label, { exact: true }) });
  return ((await row.locator("code").textContent()) ?? "").trim();
}

/** The drain table's row of one format (newest first, so the live one of that format). */
const rowOf = (page: Page, format: string) => page.locator("tr[data-drain-id]").filter({ hasText: format }).first();

interface Created {
  id: string;
  secret: string;
}

async function createDrain(page: Page, format: string, setup: string, vercelVerify?: string): Promise<Created> {
  await page.getByLabel(format).check();
  if (vercelVerify) await page.getByLabel("Vercel verification value (Vercel only)").fill(vercelVerify);
  await page.getByRole("button", { name: "Create drain" }).click();
  // Post/Redirect/Get: back on the drains page with the one-time flash in the address.
  await page.waitForURL(
    (url) => url.pathname.endsWith(`/sites/${SHOP}/drains`) && url.searchParams.get("setup") === setup,
  );
  const secret = ((await page.locator("#new-drain").textContent()) ?? "").trim();
  expect(secret).toMatch(/^ar_drain_/);
  // The vendor's steps for the drain just created are the ones open.
  expect(await page.getAttribute(`#steps-${setup}`, "open")).not.toBeNull();
  const id = (await page.locator("tr[data-drain-id]").first().getAttribute("data-drain-id")) ?? "";
  expect(id).toMatch(/^drn_/);
  return { id, secret };
}

describeInChromium("a site's log drains page in headless Chromium", (chrome) => {
  let page: Page;
  let refused: string[];

  beforeAll(async () => {
    page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.170" });
    refused = await offlineOnly(page, baseUrl);
    await signUpOnce(page, baseUrl, "drains");
    await seedSite(page, baseUrl, SHOP);
  }, 90_000);

  afterAll(() => {
    expect(refused).toEqual([]);
  });

  it("creates a drain of each kind, shows each secret once, reports a Logpush batch's accepted and rejected lines, imports a log and revokes a drain", async () => {
    await page.goto(`${baseUrl}/app/sites/${SHOP}/drains`);
    expect(await page.textContent(".empty")).toContain("No drain yet");
    await expectAccessible(page, "drains empty");
    await expectNoHorizontalScroll(page, "drains empty");
    await screenshots(page, "drains-empty");

    // Cloudflare Logpush: the HTTP endpoint to paste carries the secret as header_Authorization.
    const logpush = await createDrain(page, "Cloudflare Logpush", "cloudflare_logpush");
    const destination = await setupValue(page, "HTTP endpoint");
    expect(destination).toBe(
      `${baseUrl}/ingest/drains/${logpush.id}?header_Authorization=${encodeURIComponent(`Bearer ${logpush.secret}`)}`,
    );
    await expectAccessible(page, "drain created");
    await expectNoHorizontalScroll(page, "drain created");
    await screenshots(page, "drains-created");
    await page.reload();
    expect(await page.locator("#new-drain").count()).toBe(0);
    expect(await page.content()).not.toContain(logpush.secret);

    const vercel = await createDrain(page, "Vercel log drain", "vercel", "verify-drains-page");
    expect(await setupValue(page, "Signature secret")).toBe(vercel.secret);
    await page.reload();
    expect(await page.content()).not.toContain(vercel.secret);
    // Vercel's endpoint check: the drain answers the verification value pasted in the form.
    const check = await fetch(`${baseUrl}/ingest/drains/${vercel.id}`);
    expect(check.headers.get("x-vercel-verify")).toBe("verify-drains-page");

    const generic = await createDrain(page, "Generic NDJSON (Fastly, Netlify, log shippers)", "ndjson");
    expect(await setupValue(page, "Authorization header")).toBe(`Bearer ${generic.secret}`);
    await page.reload();
    expect(await page.content()).not.toContain(generic.secret);
    expect(await page.locator("tr[data-drain-id]").count()).toBe(3);
    expect(await page.locator('tr[data-state="waiting"]').count()).toBe(3);

    // Logpush delivers a gzip NDJSON batch to the pasted endpoint, the secret as the header
    // its header_Authorization parameter names (docs/integrations/cloudflare-logpush.md).
    const at = today(0.5);
    const batch = ndjson([
      logpushLine({ ray: "9a0c0001", at, host: SHOP, uri: "/products/mug", ua: UA.gptbot }),
      logpushLine({ ray: "9a0c0002", at: at + 1000, host: SHOP, uri: "/cart", ua: UA.firefox }),
      "{not json",
      logpushLine({ ray: "9a0c0004", at: at + 2000, host: "elsewhere.example", uri: "/" }),
    ]);
    const sent = await fetch(destination.split("?")[0] ?? "", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${logpush.secret}`,
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
      },
      body: await gzip(batch),
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ lines: 4, accepted: 2, rejected: 2 });
    // A shipper with a stale secret on the generic drain: refused, and the page says so.
    const wrong = await fetch(`${baseUrl}/ingest/drains/${generic.id}`, {
      method: "POST",
      headers: { Authorization: "Bearer ar_drain_not-the-secret", "Content-Type": "application/x-ndjson" },
      body: ndjson([ndjsonLine({ at, domain: SHOP, path: "/" })]),
    });
    expect(wrong.status).toBe(401);

    await page.reload();
    const row = rowOf(page, "Cloudflare Logpush");
    expect(await row.getAttribute("data-state")).toBe("receiving");
    const lastBatch = (await row.locator('td[data-label="Last batch"]').textContent()) ?? "";
    expect(lastBatch).toContain("4 lines, 2 accepted, 2 rejected");
    expect(
      await row.locator("[data-rejects] li").evaluateAll((items) => items.map((li) => li.getAttribute("data-reason"))),
    ).toEqual(expect.arrayContaining(["invalid_json", "foreign_host"]));
    const genericRow = rowOf(page, "Generic NDJSON");
    expect(await genericRow.getAttribute("data-state")).toBe("refusing");
    expect(await genericRow.locator('td[data-label="Last refusal"]').textContent()).not.toBe("None");
    await expectAccessible(page, "drains status");
    await expectNoHorizontalScroll(page, "drains status");
    await screenshots(page, "drains-status");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page, "drains status (dark)", COLOUR_RULES);
    await screenshots(page, "drains-status-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // A one-off import of an nginx "combined" log (docs/integrations/import-logs.md "In the app").
    const template = readFileSync(path.join(root, "test/fixtures/logs/access-combined.log.template"), "utf8");
    const log = template
      .replace(/\{\{T1\}\}/g, combinedTime(today(0.25)))
      .replace(/\{\{T2\}\}/g, combinedTime(today(0.5)))
      .replace(/\{\{T3\}\}/g, combinedTime(today(0.75)));
    await page
      .getByLabel("Log file", { exact: true })
      .setInputFiles({ name: "access.log", mimeType: "text/plain", buffer: Buffer.from(log) });
    await page.getByLabel("Format", { exact: true }).selectOption("combined");
    await page.getByRole("button", { name: "Import file" }).click();
    await page.waitForSelector("#import-result");
    const summary = (await page.textContent("#import-result")) ?? "";
    expect(summary).toContain("access.log: 7 lines read as combined.");
    expect(summary).toContain("Line 3: line: not in the combined log format.");
    await expectAccessible(page, "log imported");
    await expectNoHorizontalScroll(page, "log imported");
    await screenshots(page, "drains-import");

    // Revoke the generic drain: a confirmation page first, then the endpoint refuses its secret.
    await genericRow.getByRole("button", { name: "Revoke" }).click();
    // A GET form: the address may end in a bare "?".
    await page.waitForURL((url) => url.pathname.endsWith(`/sites/${SHOP}/drains/${generic.id}/revoke`));
    expect(await page.textContent("main")).toContain(generic.id);
    await expectAccessible(page, "revoke confirmation");
    await expectNoHorizontalScroll(page, "revoke confirmation");
    await screenshots(page, "drains-revoke-confirm");
    await page.getByRole("button", { name: "Confirm revoke" }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/sites/${SHOP}/drains`));
    expect(await page.textContent("main")).toContain(`Revoked the Generic NDJSON`);
    const revokedRow = page.locator(`tr[data-drain-id="${generic.id}"]`);
    expect(await revokedRow.getAttribute("data-state")).toBe("revoked");
    expect(await revokedRow.getByRole("button", { name: "Revoke" }).count()).toBe(0);
    const afterRevoke = await fetch(`${baseUrl}/ingest/drains/${generic.id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${generic.secret}`, "Content-Type": "application/x-ndjson" },
      body: ndjson([ndjsonLine({ at, domain: SHOP, path: "/" })]),
    });
    expect(afterRevoke.status).toBe(401);
    await screenshots(page, "drains-revoked");
  }, 180_000);
});
