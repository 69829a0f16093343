import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM, expectAccessible, launchBrowser, offlineOnly, screenshots } from "./browser";

const baseUrl = inject("baseUrl");

describe.skipIf(!existsSync(CHROMIUM))(
  "scan web page in headless Chromium (skipped only where /usr/bin/chromium is missing)",
  () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchBrowser();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it("scans a shop from a pasted URL and opens its report: score 100, five layers, 41 passes", async () => {
      const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.1" } });
      const page = await context.newPage();
      const refused = await offlineOnly(page, baseUrl);
      await page.goto(`${baseUrl}/`);
      await expectAccessible(page, "home");
      await screenshots(page, "scan-home");
      await page.fill("#domain", "https://good-shop.test/products/blue-mug?variant=2");
      await page.click("button[type=submit]");
      await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
      // The pasted URL was reduced to its host before it was sent.
      expect(await page.inputValue("#domain")).toBe("good-shop.test");
      // The well-built fixture passes every check (test/scan/scan-fixture-shops.test.ts).
      expect(await page.getAttribute("#report", "data-score")).toBe("100");
      expect(await page.locator(".layers li").count()).toBe(5);
      expect(await page.textContent("#fix-first")).toContain("Nothing to fix");
      expect(await page.locator("#passes li").count()).toBe(41);
      expect(refused).toEqual([]);
      await context.close();
    }, 40_000);

    it("shows the API's message for a domain it refuses", async () => {
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/`);
      await page.fill("#domain", "http://not a domain");
      await page.click("button[type=submit]");
      await page.waitForSelector("#scan-notice.error", { timeout: 10_000 });
      expect(await page.textContent("#scan-notice")).toMatch(/^Please enter a valid domain/);
      await page.close();
    }, 30_000);
  },
);
