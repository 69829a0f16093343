import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import {
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  offlineOnly,
  screenshots,
  tabStops,
} from "./browser";

const baseUrl = inject("baseUrl");

async function scanFromForm(page: Page, domain: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.fill("#domain", domain);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/scan\/[0-9a-f-]{36}$/, { timeout: 25_000 });
}

describeInChromium("scan report in headless Chromium", (chrome) => {
  it("ranks the fixes of a weak shop by the points each adds, with title, message, fix and evidence", async () => {
    const page = await chrome.newPage({ ip: "198.51.100.10" });
    const refused = await offlineOnly(page, baseUrl);
    await scanFromForm(page, "js-shell.test");
    const id = page.url().split("/").at(-1);
    const api = (await (await fetch(`${baseUrl}/api/scan/${id}`)).json()) as { overallScore: number };
    // test/scan/scan-fixture-shops.test.ts computes this shell's score by hand (21).
    expect(api.overallScore).toBeLessThan(45);
    expect(await page.getAttribute("#report", "data-score")).toBe(String(api.overallScore));
    const points = await page.$$eval("#fix-first li[data-points]", (els) =>
      els.map((e) => Number((e as HTMLElement).dataset.points)),
    );
    expect(points.length).toBeGreaterThan(5);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const first = page.locator("#fix-first li").first();
    expect(await first.locator("strong").first().textContent()).not.toMatch(/_/);
    expect(await first.textContent()).toContain("How to fix:");
    // The evidence opens from the keyboard.
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await first.locator("details").getAttribute("open")).not.toBeNull();
    expect(await page.locator("#passes details").getAttribute("open")).toBeNull();
    await expectAccessible(page, "report");
    await expectNoHorizontalScroll(page, "report");
    const stops = await tabStops(page);
    expect(stops, JSON.stringify(stops)).toContain("button:Scan again");
    expect(stops.filter((s) => s.startsWith("summary:Evidence")).length).toBe(points.length);
    await screenshots(page, "scan-report");
    expect(refused).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("keeps the last result on 429 and says when the next scan is allowed", async () => {
    const ip = "198.51.100.11";
    // Spend the domain's hourly allowance (5 per domain, docs/decisions.md#3-rate-limits) through the API.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${baseUrl}/api/scan`, {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": `198.51.100.${20 + i}` },
        body: JSON.stringify({ domain: "challenge.test" }),
      });
      if (res.status === 429) break;
      await res.text();
    }
    const page = await chrome.newPage({ ip });
    const latest = await fetch(`${baseUrl}/scan/latest/challenge.test`, { redirect: "manual" });
    expect(latest.status).toBe(302);
    await page.goto(`${baseUrl}${latest.headers.get("Location")}`);
    const shown = () => page.locator("#report .score, #fix-first, #blocked").allTextContents();
    const before = await shown();
    const clickedAt = Date.now();
    await page.click("button[type=submit]");
    await page.waitForSelector("#scan-notice.error");
    const seenAt = Date.now();
    const notice = (await page.textContent("#scan-notice")) ?? "";
    expect(notice).toMatch(/Too many scans/);
    // The hourly windows are fixed and aligned to the epoch (shared/rate-limit/window.ts),
    // so the next scan is allowed at the next whole UTC hour, written in the one time
    // format of every page ("2026-11-29 02:00 UTC"), and the wait in whole minutes rounded
    // up, as counted between the click and the notice.
    const HOUR = 3_600_000;
    const next = new Date(Math.ceil(clickedAt / HOUR) * HOUR).toISOString();
    const said = /The next scan is allowed at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC \(in (\d+) minutes?\)/.exec(notice);
    expect(said?.[1]).toBe(`${next.slice(0, 10)} ${next.slice(11, 16)}`);
    const minutes = (at: number) => Math.max(1, Math.ceil((Date.parse(next) - at) / 60_000));
    expect(Number(said?.[2])).toBeGreaterThanOrEqual(minutes(seenAt));
    expect(Number(said?.[2])).toBeLessThanOrEqual(minutes(clickedAt) + 1);
    expect(notice).toContain("The result below is the last one.");
    expect(await shown()).toEqual(before);
    // The challenge shop's checks are blocked: one group, one explanation.
    expect(await page.locator("#blocked li").count()).toBeGreaterThan(0);
    expect(await page.textContent("#blocked")).toContain("bot-protection challenge");
    await expectAccessible(page, "report with blocked checks");
    await screenshots(page, "scan-report-blocked-429");
    await page.context().close();
  }, 90_000);

  it("gives an unreachable shop one clear message", async () => {
    const page = await chrome.newPage({ ip: "198.51.100.12" });
    await scanFromForm(page, "gone.test");
    expect(await page.textContent("#unreachable")).toContain("gone.test could not be reached");
    expect(await page.locator("#fix-first").count()).toBe(0);
    await expectAccessible(page, "unreachable report");
    await screenshots(page, "scan-report-unreachable");
    await page.context().close();
  }, 60_000);

  it("serves the badge of a scanned domain as an SVG image", async () => {
    const latest = await fetch(`${baseUrl}/scan/latest/js-shell.test`, { redirect: "manual" });
    const id = latest.headers.get("Location")?.split("/").at(-1);
    const api = (await (await fetch(`${baseUrl}/api/scan/${id}`)).json()) as { overallScore: number };
    const res = await fetch(`${baseUrl}/badge/js-shell.test.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(await res.text()).toContain(`>${api.overallScore}/100</text>`);
  });
});
