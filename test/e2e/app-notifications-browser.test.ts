import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import {
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  expectOne,
  inWorkspace,
  screenshots,
} from "./browser";
import { waitForMail } from "./mailbox";
import { signUpOnce } from "./workspace-seed";

// Notifications in Chromium against `npm start` (docs/app.md "Notifications"): turn the
// weekly report on, run the app Worker's notification cron through the local
// `/__scheduled`, read the mail in /app/__mailbox, follow its link into the workspace,
// then unsubscribe through the mail's footer link (GET confirms, POST acts).
const baseUrl = inject("baseUrl");
const NOTIFY_CRON = "7 * * * *";

async function checkPage(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await expectNoHorizontalScroll(page, name);
  await screenshots(page, name);
}

describeInChromium("notifications in headless Chromium", (chrome) => {
  it("opts into the weekly report, receives it, follows it into the app and unsubscribes from its footer", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.71" });
    const address = await signUpOnce(page, baseUrl, "notify");
    const workspaceUrl = page.url();

    await page.goto(`${baseUrl}/app/settings`);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await page.waitForURL(inWorkspace(baseUrl, "/app/settings/notifications"));
    await checkPage(page, "settings-notifications");
    await page.getByRole("checkbox", { name: /Weekly report/ }).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await page.waitForURL(inWorkspace(baseUrl, "/app/settings/notifications?saved=1"));
    await expectOne(page.getByText("Your notification settings are saved."));
    await expect(page.getByRole("checkbox", { name: /Weekly report/ }).isChecked()).resolves.toBe(true);

    const run = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent(NOTIFY_CRON)}`);
    expect(run.status).toBe(200);

    const mail = await waitForMail(page, baseUrl, { to: address, subject: "weekly report" });
    await mail.locator("a", { hasText: "/app/w/" }).first().click();
    await page.waitForURL(workspaceUrl);

    await page.goto(`${baseUrl}/app/__mailbox`);
    await mail.locator('a[href*="/app/unsubscribe/"]').click();
    await page.waitForURL(/\/app\/unsubscribe\//);
    await checkPage(page, "notifications-unsubscribe");
    await page.getByRole("button", { name: 'Unsubscribe from "Weekly report"' }).click();
    await expectOne(page.getByText('You will no longer receive "Weekly report" mail'));
    await checkPage(page, "notifications-unsubscribed");

    await page.goto(`${workspaceUrl}/settings/notifications`);
    await expect(page.getByRole("checkbox", { name: /Weekly report/ }).isChecked()).resolves.toBe(false);
  }, 180_000);
});
