import { expect, inject, it } from "vitest";
import { describeInChromium, expectAccessible, offlineOnly, screenshots } from "./browser";

const baseUrl = inject("baseUrl");

describeInChromium("scan web page in headless Chromium (skipped only where /usr/bin/chromium is missing)", (chrome) => {
  it("scans a shop from a pasted URL and opens its report with the API's score, five layers and every pass", async () => {
    const page = await chrome.newPage({ ip: "198.51.100.1" });
    const refused = await offlineOnly(page, baseUrl);
    await page.goto(`${baseUrl}/`);
    await expectAccessible(page, "home");
    await screenshots(page, "scan-home");
    await page.fill("#domain", "https://good-shop.test/products/blue-mug?variant=2");
    await page.click("button[type=submit]");
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
    // The pasted URL was reduced to its host before it was sent.
    expect(await page.inputValue("#domain")).toBe("good-shop.test");
    const id = page.url().split("/").at(-1);
    const api = (await (await fetch(`${baseUrl}/api/scan/${id}`)).json()) as {
      overallScore: number;
      checkResults: { status: string; blocked?: boolean }[];
    };
    expect(api.overallScore).toBeGreaterThanOrEqual(80);
    expect(await page.getAttribute("#report", "data-score")).toBe(String(api.overallScore));
    expect(await page.locator(".layers li").count()).toBe(5);
    const passes = api.checkResults.filter((c) => c.status === "pass" && !c.blocked).length;
    expect(await page.locator("#passes li").count()).toBe(passes);
    expect(await page.locator("#fix-first li").count()).toBe(api.checkResults.length - passes);
    expect(refused).toEqual([]);
    await page.context().close();
  }, 40_000);

  it("shows a progress bar of the scan's steps, under the hash-only script CSP (no violations)", async () => {
    const page = await chrome.newPage({ ip: "198.51.100.2" });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${baseUrl}/`);
    expect(/script-src ([^;]+)/.exec(res?.headers()["content-security-policy"] ?? "")?.[1]).toMatch(
      /^'sha256-[A-Za-z0-9+/=]+'$/,
    );
    await page.fill("#domain", "slow-shop.test");
    await page.click("button[type=submit]");
    // The bar appears with the status events' step / steps, and moves on while the scan runs.
    await page.waitForFunction(
      () => Number((document.getElementById("scan-progress") as HTMLProgressElement).value) >= 2,
      null,
      { timeout: 15_000 },
    );
    expect(await page.getAttribute("#scan-progress", "max")).toBe("6");
    expect(await page.textContent("#scan-step")).toMatch(
      /^Step [2-6] of 6 \((fetching|journey|checking|scoring|saving)\)/,
    );
    await screenshots(page, "scan-progress");
    await expectAccessible(page, "scan in progress");
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    expect(violations).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("says a replayed result is one, when it ran, and its Scan now and Scan again run new scans (issue 45)", async () => {
    const page = await chrome.newPage({ ip: "198.51.100.3" });
    await page.goto(`${baseUrl}/`);
    await page.fill("#domain", "replay-shop.test");
    await page.click("button[type=submit]");
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
    const first = page.url().split("/").at(-1);
    // The same scan asked again from the home page within 10 minutes: replayed, and said so.
    await page.goto(`${baseUrl}/`);
    await page.fill("#domain", "replay-shop.test");
    await page.click("button[type=submit]");
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}\?replay=[0-9a-f-]{36}$/, { timeout: 25_000 });
    expect(new URL(page.url()).pathname).toBe(`/scan/${first}`);
    expect(await page.textContent("#replayed")).toMatch(/Replayed result, not a new scan\..*finished \d+ seconds ago/s);
    await expectAccessible(page, "replayed report");
    await screenshots(page, "scan-replayed");
    // Its Scan now is a new scan (a crawl is streamed), which opens a report without ?replay.
    const crawled = page.waitForResponse((r) => r.url().endsWith("/api/scan") && r.request().method() === "POST");
    await page.click("#rescan-form button");
    expect(JSON.parse((await crawled).request().postData() ?? "{}")).toEqual({
      domain: "replay-shop.test",
      rescan: true,
    });
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
    expect(await page.locator("#replayed").count()).toBe(0);
    // "Scan again" on a report asks for a new scan too.
    const again = page.waitForRequest((r) => r.url().endsWith("/api/scan") && r.method() === "POST");
    await page.click("#scan-form button");
    expect(JSON.parse((await again).postData() ?? "{}")).toEqual({ domain: "replay-shop.test", rescan: true });
    await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
    await page.context().close();
  }, 90_000);

  it("shows the API's message for a domain it refuses", async () => {
    const page = await chrome.newPage();
    await page.goto(`${baseUrl}/`);
    await page.fill("#domain", "http://not a domain");
    await page.click("button[type=submit]");
    await page.waitForSelector("#scan-notice.error", { timeout: 10_000 });
    expect(await page.textContent("#scan-notice")).toMatch(/^Please enter a valid domain/);
    await page.context().close();
  }, 30_000);
});
