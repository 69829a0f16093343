import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { describeInChromium } from "./browser";
import { linksOn, pageKind } from "./page-crawl";
import { wordProblems } from "./page-words";
import { seedWorld } from "./seed-world";

// Words, not codes, on every page a person reaches (issue 40, docs/app.md "Words, not
// codes"), in Chromium against the real server: a workspace with something on every page
// (seed-world.ts: traffic of each kind, errors, conversions, a drain, an imported log, a
// monitor with deliveries, a member invited), each form's answer as it is shown, then
// every page found by following links from the signed-out and the signed-in pages, and
// the public scan page and report. On each, the checker (page-words.ts) reads everything
// a person reads or hears and names any API code, repository path, machine timestamp,
// lowercase API name or accessible name without its visible label. Unlike the opt-in
// every-page walk (axe, keyboard and screenshots on each page), this runs in every e2e run.

const baseUrl = inject("baseUrl");
const shopPort = inject("monitoredShopPort");
const MONITORED = "monitored-shop.test";
/** A runaway crawl (a link that mints new addresses) fails instead of running on. */
const MAX_PAGES = 80;

describeInChromium("words on every page", (chrome) => {
  it("reads words, not codes, paths or machine times, on every page and every form's answer", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.183" });
    const failures: string[] = [];
    // The scan's check keys are codes too; read from a stored scan once there is one.
    const checkKeys = new Set<string>();
    const check = async (p: Page, name: string) => {
      for (const problem of await wordProblems(p, checkKeys)) failures.push(`${name}: ${problem}`);
    };
    /** Every page reachable from `start` by links, one address per kind, each checked; returns the kinds. */
    const crawl = async (start: string[]) => {
      const seen = new Set<string>();
      const queue = [...start];
      while (queue.length > 0) {
        const href = queue.shift() as string;
        const kind = pageKind(href);
        if (seen.has(kind)) continue;
        seen.add(kind);
        expect(seen.size, "more kinds of page than MAX_PAGES: does a link mint addresses?").toBeLessThanOrEqual(
          MAX_PAGES,
        );
        const res = await page.goto(href);
        const landed = pageKind(page.url());
        if (landed !== kind && seen.has(landed)) continue;
        seen.add(landed);
        // 409 is a refusal page that explains itself (a workspace holding sites cannot be deleted).
        expect(res?.status() === 409 || (res?.status() ?? 500) < 400, `${href} answers ${res?.status()}`).toBe(true);
        queue.push(...(await linksOn(page, baseUrl)));
        await check(page, landed);
      }
      return seen;
    };

    expect([...(await crawl([`${baseUrl}/app/sign-in`]))]).toContain("/app/sign-up");

    const world = await seedWorld(page, {
      baseUrl,
      stamp: Date.now(),
      monitoredShop: MONITORED,
      setShopMode: (mode) => fetch(`http://127.0.0.1:${shopPort}/__mode?set=${mode}`).then((r) => r.text()),
      onPage: check,
    });
    expect(world.shop).toMatch(/^words-/);

    // The monitor's first scan, queued when it was created: its report is linked from the
    // Monitors page, and its check keys are the codes the report must not show.
    let scanId = "";
    await expect
      .poll(
        async () => {
          const latest = await fetch(`${baseUrl}/scan/latest/${MONITORED}`, { redirect: "manual" });
          scanId = (latest.headers.get("Location") ?? "").split("/").at(-1) ?? "";
          return latest.status;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(302);
    const scan = (await (await fetch(`${baseUrl}/api/scan/${scanId}`)).json()) as { checkResults: { key: string }[] };
    for (const r of scan.checkResults) checkKeys.add(r.key);
    expect(checkKeys.size).toBeGreaterThan(10);

    const signedIn = await crawl([`${baseUrl}/app`]);
    // The pages the seeded world fills are among those read.
    expect([...signedIn]).toEqual(
      expect.arrayContaining([
        "/app/w/*/sites/*/traffic",
        "/app/w/*/sites/*/sessions",
        "/app/w/*/monitors",
        "/app/w/*/monitors/*",
        "/app/w/*/settings/members",
      ]),
    );

    // The public scan page and a stored scan's report.
    for (const [href, name] of [
      [`${baseUrl}/`, "the scan page"],
      [`${baseUrl}/scan/${scanId}`, "a public scan report"],
    ]) {
      const res = await page.goto(href);
      expect(res?.status(), href).toBe(200);
      await check(page, name);
    }

    expect(failures).toEqual([]);
  }, 420_000);
});
