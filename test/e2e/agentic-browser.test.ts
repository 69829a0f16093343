import type { Browser } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { describeInChromium, useBrowser } from "./browser";
import { AGENTIC_SHOP_HOST } from "./snippet-fixture-server";
import { adminKey, seedSite } from "./workspace-seed";

// Issue 23, agentic browsers: the same shop page opened by Playwright as it launches by
// default (automation announced) and by a person's Chromium (automation flags off, the
// User-Agent a headed Chrome sends, input through the browser's own pipeline).
const baseUrl = inject("baseUrl");
const shopUrl = `http://${AGENTIC_SHOP_HOST}:${inject("snippetFixturePort")}`;
const resolveShop = `--host-resolver-rules=MAP ${AGENTIC_SHOP_HOST} 127.0.0.1`;
const VIEWS = 3;

let auth: Record<string, string>;

async function api(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    ...init,
    headers: { ...auth, "Content-Type": "application/json", ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Listed {
  session_id: string;
  entry_url: string;
  tier: string;
  agent_platform: string;
  purpose: string;
}

async function agentSessions(): Promise<Listed[]> {
  const r = await api(`/api/v1/traffic/sessions?domain=${AGENTIC_SHOP_HOST}&period=24h`);
  return (r.body.results as Listed[] | undefined) ?? [];
}

/** Opens `/<name>-<n>` once per view, each in a context of its own (its own visitor), and returns the beacons' statuses. */
async function views(browser: Browser, name: string, person: boolean): Promise<number[]> {
  const statuses: number[] = [];
  let seen = 0; // answers counted before this view (a leave beacon may still add to them)
  const chrome = (await browser.version()).split(".")[0];
  for (let n = 0; n < VIEWS; n++) {
    const context = await browser.newContext({
      // Its own network per view, so no two views share a visitor or a limiter window.
      extraHTTPHeaders: { "CF-Connecting-IP": `198.18.${person ? 10 : 20}${n}.7` },
      userAgent: person
        ? `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`
        : undefined,
    });
    const page = await context.newPage();
    page.on("response", (r) => {
      if (r.url().endsWith("/ingest/e")) statuses.push(r.status());
    });
    await page.goto(`${shopUrl}/${name}-${n}`);
    await page.waitForFunction(() => "agentReadiness" in window);
    if (person) {
      // Pointer path, press and release as a hand makes them.
      const box = await page.locator("button[type=submit]").boundingBox();
      if (box) {
        await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2, { steps: 10 });
        await page.mouse.down();
        await page.waitForTimeout(80);
        await page.mouse.up();
      }
    } else {
      await page.click("button[type=submit]");
    }
    // Wait for the pageview's and add_to_cart's answers (a busy machine can take seconds),
    // not a fixed pause: a context closed first never reports them.
    const before = statuses.length;
    for (let i = 0; i < 150 && statuses.length - seen < 2; i++) await page.waitForTimeout(100);
    expect(
      statuses.length - seen,
      `beacon answers of ${name}-${n} (${before - seen} when the wait began)`,
    ).toBeGreaterThanOrEqual(2);
    seen = statuses.length;
    await context.close(); // pagehide: the leave beacon
  }
  return statuses;
}

describeInChromium(
  "agentic browsers: Playwright-driven page views are heuristic, a person's are not an agent (skipped only where /usr/bin/chromium is missing)",
  (driven) => {
    const person = useBrowser({
      ignoreDefaultArgs: ["--enable-automation"],
      args: ["--disable-blink-features=AutomationControlled", resolveShop],
    });

    beforeAll(async () => {
      const { key } = await adminKey(baseUrl, "agentic-e2e", "--preset", "provisioning");
      auth = { Authorization: `Bearer ${key}` };
      const { snippet } = await seedSite({ key }, baseUrl, AGENTIC_SHOP_HOST, "Agentic shop");
      await fetch(`http://127.0.0.1:${inject("snippetFixturePort")}/__set`, {
        method: "POST",
        body: JSON.stringify({ host: AGENTIC_SHOP_HOST, snippet }),
      });
    }, 60_000);

    it("files each Playwright page view as heuristic other_ai with automation_flag, and no person's view as an agent", async () => {
      // People first: their beacons are queued before the agents', so once the agents'
      // sessions are there, the people's events have been rolled up too.
      const people = await views(person.browser, "person", true);
      const agents = await views(driven.browser, "driven", false);
      // pageview, add_to_cart and leave from every view, all accepted.
      expect(people.filter((s) => s === 202).length).toBeGreaterThanOrEqual(VIEWS * 2);
      expect(people.every((s) => s === 202)).toBe(true);
      expect(agents.every((s) => s === 202)).toBe(true);

      let listed: Listed[] = [];
      for (let i = 0; i < 120 && listed.length < VIEWS; i++) {
        listed = await agentSessions();
        if (listed.length < VIEWS) await new Promise((r) => setTimeout(r, 250));
      }
      expect(listed.map((s) => s.entry_url).sort()).toEqual(["/driven-0", "/driven-1", "/driven-2"]);
      for (const s of listed) {
        expect(s).toMatchObject({ tier: "heuristic", agent_platform: "other_ai", purpose: "unknown" });
      }
      const journey = await api(`/api/v1/traffic/sessions/${listed[0]?.session_id}`);
      expect(journey.body.detection_signals).toEqual(["automation_flag"]);
      // The people's page views were accepted (above) and none became an agent's session.
      expect((await agentSessions()).some((s) => s.entry_url.startsWith("/person"))).toBe(false);
    }, 120_000);
  },
  { args: [resolveShop] },
);
