import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { CheckResult } from "../../shared/scan/types";
import {
  type Chromium,
  describeInChromium,
  expectAccessible,
  expectNoHorizontalScroll,
  inWorkspace,
  offlineOnly,
  screenshots,
  tabStops,
} from "./browser";
import { signUpOnce } from "./workspace-seed";

const baseUrl = inject("baseUrl");
// A fixture shop of its own (test/e2e/global-setup.ts): no other test spends its per-domain scans.
const SHOP = "app-report-shop.test";
const REPORT = `/app/scans/${SHOP}`;
const SCAN_ID = /[0-9a-f-]{36}$/;

// The check weights (each check's module, through the registry) and the layer weights.
// Imported by a computed path: those modules are typed for Workers (HTMLRewriter), which
// tsconfig.node.json does not include; what the test reads is plain data.
const scanModule = (name: string) => `../../shared/scan/${name}`;
const { CHECKS } = (await import(scanModule("checks/registry"))) as { CHECKS: { key: string; weight: number }[] };
const { LAYERS } = (await import(scanModule("layers"))) as { LAYERS: { layer: number; weight: number }[] };

interface StoredScan {
  id: string;
  overallScore: number;
  checkResults: CheckResult[];
}

/**
 * The "Fix first" order computed here from the stored result, by docs/scan-report.md's
 * formula: layer weight share × the check's weight share in its layer × the score it
 * misses (pass 100, warn 50, fail 0); ties to the lower layer, then the registry order.
 */
function expectedFixOrder(results: CheckResult[]): { key: string; points: number }[] {
  const weight = (key: string) => CHECKS.find((c) => c.key === key)?.weight ?? 1;
  const registryIndex = (key: string) => CHECKS.findIndex((c) => c.key === key);
  const totalLayerWeight = LAYERS.reduce((n, l) => n + l.weight, 0);
  const missing = { pass: 0, warn: 50, fail: 100 } as const;
  return results
    .filter((r) => !r.blocked && r.status !== "pass")
    .map((r) => {
      const layer = LAYERS.find((l) => l.layer === r.layer);
      const layerWeight = results.filter((o) => o.layer === r.layer).reduce((n, o) => n + weight(o.key), 0);
      const points = ((layer?.weight ?? 0) / totalLayerWeight) * (weight(r.key) / layerWeight) * missing[r.status];
      return { key: r.key, points, layer: r.layer };
    })
    .sort((a, b) => b.points - a.points || a.layer - b.layer || registryIndex(a.key) - registryIndex(b.key))
    .map(({ key, points }) => ({ key, points }));
}

async function signUp(chrome: Chromium, ip: string, who: string): Promise<Page> {
  const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip });
  await signUpOnce(page, baseUrl, who);
  return page;
}

describeInChromium("the scan report inside the app, in headless Chromium", (chrome) => {
  let page: Page;
  let refused: string[];
  let scanId = "";

  beforeAll(async () => {
    page = await signUp(chrome, "192.0.2.180", "scan-report");
    refused = await offlineOnly(page, baseUrl);
  }, 90_000);

  afterAll(() => {
    expect(refused).toEqual([]);
  });

  it("adds a site, scans it with Scan now and shows its report with Fix first ranked by the points computed from the stored result", async () => {
    await page.goto(`${baseUrl}/app/sites`);
    await page.getByLabel("Domain").fill(`https://${SHOP}/products/walnut-bowl`);
    await page.getByLabel("Name").fill("Woodworks");
    await page.getByRole("button", { name: "Add site" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/sites/${SHOP}`));
    // From the Sites list to the domain's report, which has no scan yet.
    await page.goto(`${baseUrl}/app/sites`);
    await page.getByRole("link", { name: `Scan report of ${SHOP}` }).click();
    await page.waitForURL(inWorkspace(baseUrl, `${REPORT}`));
    expect(await page.textContent("main")).toContain(`${SHOP} has not been scanned yet`);
    expect(await page.getAttribute('nav[aria-label="Main"] a[href$="/scans"]', "aria-current")).toBe("page");

    await page.getByRole("button", { name: "Scan now" }).click();
    await page.waitForURL(
      (url) => url.pathname.includes(`${REPORT.slice("/app".length)}/`) && SCAN_ID.test(url.pathname),
      {
        timeout: 45_000,
      },
    );
    scanId = page.url().split("/").at(-1) ?? "";
    const stored = (await (await fetch(`${baseUrl}/api/scan/${scanId}`)).json()) as StoredScan;
    expect(await page.textContent("h1")).toBe(`Scan report: ${SHOP}`);
    expect(await page.getAttribute("#report", "data-score")).toBe(String(stored.overallScore));

    const shown = await page.$$eval("#fix-first li[data-key]", (els) =>
      els.map((e) => ({
        key: (e as HTMLElement).dataset.key ?? "",
        points: Number((e as HTMLElement).dataset.points),
      })),
    );
    const expected = expectedFixOrder(stored.checkResults);
    expect(expected.length).toBeGreaterThan(3);
    expect(shown.map((s) => s.key)).toEqual(expected.map((e) => e.key));
    for (const [i, s] of shown.entries()) expect(s.points).toBeCloseTo(expected[i].points, 3);
    // Human titles, the fix, the evidence behind a closed disclosure, passes collapsed.
    const first = page.locator("#fix-first li").first();
    expect(await first.locator("strong").first().textContent()).not.toMatch(/_/);
    expect(await first.textContent()).toContain("How to fix:");
    expect(await page.locator("#passes details").getAttribute("open")).toBeNull();
    // The cart journey of the form shop, step by step.
    expect(await page.locator("#cart-journey .journey li").count()).toBeGreaterThan(1);
    // The earlier-scans list has this scan, and it opens.
    await page.locator(`#history tr[data-scan="${scanId}"] a`).click();
    await page.waitForURL(inWorkspace(baseUrl, `${REPORT}/${scanId}`));

    await expectAccessible(page, "in-app scan report");
    await expectNoHorizontalScroll(page, "in-app scan report");
    await screenshots(page, "app-scan-report");
    const stops = await tabStops(page);
    expect(stops, JSON.stringify(stops)).toContain("button:Scan now");
    expect(stops.filter((s) => s.startsWith("summary:Evidence")).length).toBe(shown.length);
  }, 120_000);

  it("lists the workspace's domains with their latest score under Scan reports", async () => {
    await page.goto(`${baseUrl}/app`);
    await page.getByRole("link", { name: "Scan reports" }).click();
    await page.waitForURL(inWorkspace(baseUrl, `/app/scans`));
    const stored = (await (await fetch(`${baseUrl}/api/scan/${scanId}`)).json()) as StoredScan;
    expect(await page.textContent(`tr[data-domain="${SHOP}"]`)).toContain(`${stored.overallScore}/100`);
    await expectAccessible(page, "scan reports list");
    await expectNoHorizontalScroll(page, "scan reports list");
    await screenshots(page, "app-scan-reports");
  }, 60_000);

  it("keeps the last report on 429 and says when the next scan is allowed", async () => {
    // Spend the rest of the domain's hourly allowance (5 per domain) through the public API.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${baseUrl}/api/scan`, {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": `192.0.2.${190 + i}` },
        body: JSON.stringify({ domain: SHOP }),
      });
      await res.text();
      if (res.status === 429) break;
    }
    await page.goto(`${baseUrl}${REPORT}`);
    const before = await page.locator("#fix-first").textContent();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(REPORT.slice("/app".length))),
      page.getByRole("button", { name: "Scan now" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
    await page.waitForLoadState();
    const notice = (await page.textContent('.notice[role="alert"]')) ?? "";
    expect(notice).toMatch(/Too many scans/);
    expect(notice).toMatch(/The next scan is allowed at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(in \d+ minutes?\)\./);
    expect(notice).toContain("The report below is the last one.");
    expect(await page.locator("#fix-first").textContent()).toBe(before);
    await expectAccessible(page, "in-app scan report after 429");
    await screenshots(page, "app-scan-report-429");
  }, 120_000);

  it("answers 404 for a domain that is not one of the workspace's, and to another workspace", async () => {
    expect((await page.goto(`${baseUrl}/app/scans/js-shell.test`))?.status()).toBe(404);
    expect(await page.textContent("main")).toContain("add it as a site or a monitor first");
    const other = await signUp(chrome, "192.0.2.181", "other-workspace");
    for (const path of [REPORT, `${REPORT}/${scanId}`]) {
      expect((await other.goto(`${baseUrl}${path}`))?.status(), path).toBe(404);
    }
    await other.goto(`${baseUrl}/app/scans`);
    expect(await other.locator(`tr[data-domain="${SHOP}"]`).count()).toBe(0);
    await other.context().close();
    // The public report stays public by design.
    expect((await fetch(`${baseUrl}/scan/${scanId}`)).status).toBe(200);
  }, 90_000);
});
