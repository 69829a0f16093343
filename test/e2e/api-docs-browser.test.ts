import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM, launchBrowser, offlineOnly, screenshots } from "./browser";

const baseUrl = inject("baseUrl");

describe.skipIf(!existsSync(CHROMIUM))("/api/v1/docs in headless Chromium, offline", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("renders the reference with every request to another host refused", async () => {
    const page = await browser.newPage();
    const refused = await offlineOnly(page, baseUrl);
    await page.goto(`${baseUrl}/api/v1/docs`);
    // Scalar renders the document's operations from /api/v1/openapi.json.
    await page.getByText("Identify the key and its workspace").first().waitFor({ timeout: 20_000 });
    expect(await page.getByText("Agent-Traffic API").count()).toBeGreaterThan(0);
    await screenshots(page, "api-docs");
    expect(refused).toEqual([]);
    await page.close();
  }, 60_000);
});
