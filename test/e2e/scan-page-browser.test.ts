import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
const baseUrl = inject("baseUrl");

describe.skipIf(!existsSync(CHROMIUM))(
  "scan web page in headless Chromium (skipped only where /usr/bin/chromium is missing)",
  () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it("scans a shop from the form and renders the score, five layers and all 41 checks", async () => {
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/`);
      await page.fill("#domain", "good-shop.test");
      await page.click("button[type=submit]");
      await page.waitForSelector("#summary[data-score]", { timeout: 25_000 });
      const summary = await page.textContent("#summary");
      // The well-built fixture passes every check (test/scan/scan-fixture-shops.test.ts).
      expect(summary).toContain("good-shop.test: 100/100");
      expect(await page.locator("section.layer").count()).toBe(5);
      expect(await page.locator("li.check").count()).toBe(41);
      expect(await page.locator("li.check.pass").count()).toBe(41);
      await page.close();
    }, 30_000);

    it("shows the API's message for a domain it refuses", async () => {
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/`);
      await page.fill("#domain", "http://not a domain");
      await page.click("button[type=submit]");
      await page.waitForSelector("#summary.error", { timeout: 10_000 });
      expect((await page.textContent("#summary"))?.length).toBeGreaterThan(5);
      expect(await page.locator("li.check").count()).toBe(0);
      await page.close();
    }, 30_000);
  },
);
