import { expect, inject, it } from "vitest";
import { moneyText } from "../../shared/conversions/money-text";
import { platformName } from "../../shared/display/display-names";
import { describeInChromium, expectOne } from "./browser";
import { createKey, seedSite, signUpOnce } from "./workspace-seed";

// The weekly report from real traffic, against `npm start` (docs/app.md "Notifications"):
// AI-agent requests go in through POST /api/v1/events (the ingest queue, the site's
// shard, the session rollup), conversions through POST /api/v1/conversions; the app
// Worker's notification cron then runs through the local /__scheduled as of the Monday
// after this week (`at`: events are accepted for 47 hours only, so the week of the mail
// has to be the one holding them), and every number of the mail must be the v1 API's for
// the same Monday-to-Monday window. This runs in the e2e project, against the real
// server, so nothing of the ingest consumer is imported into the app's vitest project.
const baseUrl = inject("baseUrl");
const NOTIFY_CRON = "7 * * * *";
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHOP = "weekly-traffic.example";

/** Monday 00:00 UTC of the week holding `ms`. */
function mondayOf(ms: number): number {
  const day = Math.floor(ms / DAY) * DAY;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
}

// Six AI-agent visitors, each its own network, so each is one session: by hand, 6
// sessions, ChatGPT 3, Perplexity 2, Claude 1.
const AGENTS = [
  "ChatGPT-User/1.0",
  "ChatGPT-User/1.0",
  "ChatGPT-User/1.0",
  "PerplexityBot/1.0",
  "PerplexityBot/1.0",
  "ClaudeBot/1.0",
];

// Two people who followed a link in a ChatGPT answer (Referer chatgpt.com): by hand, the
// AI-link line says 2, ChatGPT 2.
const LINK_VISITS = 2;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Json = Record<string, unknown>;
type LinkRow = { source: string; sub_source?: string | null; sessions: number };

describeInChromium("weekly report from ingested traffic", (chrome) => {
  it("says what the v1 API says for the same week: sessions, platforms, AI-link visits, verified share, revenue per currency", async () => {
    const page = await chrome.newPage({ viewport: { width: 1280, height: 900 }, ip: "192.0.2.72" });
    const address = await signUpOnce(page, baseUrl, "weekly-traffic");
    await page.goto(`${baseUrl}/app/settings/notifications`);
    await page.getByRole("checkbox", { name: /Weekly report/ }).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expectOne(page.getByText("Your notification settings are saved."));
    const key = await createKey(page, baseUrl, "weekly");
    const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    const api = async (path: string): Promise<Json> => {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      expect(res.status, path).toBe(200);
      return (await res.json()) as Json;
    };
    const links = (rows: LinkRow[]) => rows.filter((r) => r.source === "ai_assistant_link");
    await seedSite(page, baseUrl, SHOP);

    // Everything lands in this week, in the minutes before now (ingest accepts 47 hours at
    // most); in the first minutes of a Monday, wait until the week holds them all.
    const monday = mondayOf(Date.now());
    const room = 15 * 60_000;
    if (Date.now() - monday < room) await new Promise((r) => setTimeout(r, monday + room - Date.now()));
    const now = Date.now();
    const at = (i: number) => new Date(now - (i + 1) * 2 * 60_000).toISOString();
    const events = [
      ...AGENTS.map((agent, i) => ({
        timestamp: at(i),
        domain: SHOP,
        path: `/products/p${i}`,
        method: "GET",
        status: 200,
        user_agent: `Mozilla/5.0 (compatible; ${agent}; +https://example.com/bot)`,
        // A network each (the visitor is the /24 and the User-Agent).
        ip: `203.0.${100 + i}.7`,
      })),
      ...Array.from({ length: LINK_VISITS }, (_, i) => ({
        timestamp: at(i),
        domain: SHOP,
        path: "/products/p0",
        method: "GET",
        status: 200,
        user_agent: BROWSER,
        referer: "https://chatgpt.com/",
        ip: `198.51.${100 + i}.9`,
      })),
    ];
    const sent = await fetch(`${baseUrl}/api/v1/events`, { method: "POST", headers, body: JSON.stringify({ events }) });
    expect(sent.status).toBe(200);
    // By hand: EUR 19.99 + 5.00 in two conversions, JPY 1200 in one.
    const conv = (external_id: string, value_minor: number, currency: string, i: number) => ({
      external_id,
      occurred_at: at(i),
      value_minor,
      currency,
      site: SHOP,
    });
    const recorded = await fetch(`${baseUrl}/api/v1/conversions`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        conversions: [conv("week-1", 1999, "EUR", 0), conv("week-2", 500, "EUR", 1), conv("week-3", 1200, "JPY", 2)],
      }),
    });
    expect(recorded.status).toBe(200);

    // The week of the mail, as the v1 reports are asked for it.
    const week = `domain=${SHOP}&from=${new Date(monday).toISOString()}&to=${new Date(monday + 7 * DAY).toISOString()}&compare=previous`;
    await expect
      .poll(async () => (await api(`/api/v1/traffic/overview?${week}`)).total_sessions, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(AGENTS.length);
    const overview = (await api(`/api/v1/traffic/overview?${week}`)) as {
      total_sessions: number;
      by_platform: { platform: string; sessions: number }[];
      previous: { total_sessions: number; by_platform: { platform: string; sessions: number }[] };
    };
    expect(Object.fromEntries(overview.by_platform.map((p) => [p.platform, p.sessions]))).toEqual({
      chatgpt: 3,
      perplexity: 2,
      claude: 1,
    });
    const linkVisits = async () =>
      links(((await api(`/api/v1/traffic/sources?${week}`)) as { by_source: LinkRow[] }).by_source).map(
        ({ source, sub_source, sessions }) => ({ source, sub_source, sessions }),
      );
    await expect
      .poll(async () => JSON.stringify(await linkVisits()), { timeout: 60_000, interval: 1000 })
      .toBe(JSON.stringify([{ source: "ai_assistant_link", sub_source: "chatgpt", sessions: LINK_VISITS }]));
    const sources = (await api(`/api/v1/traffic/sources?${week}`)) as {
      by_source: { source: string; sub_source: string | null; sessions: number }[];
      previous: { by_source: { source: string; sessions: number }[] };
    };
    const verification = (await api(`/api/v1/traffic/verification?${week}`)) as {
      total_sessions: number;
      verified_sessions: number;
      previous: { total_sessions: number; verified_sessions: number };
    };
    // Every conversion of the week is inside the 7 days that end now, and none is older.
    const revenue = (await api("/api/v1/attribution/overview?period=7d")) as {
      by_currency: { currency: string; conversions: number; value_minor: number }[];
    };
    expect(revenue.by_currency.map((m) => [m.currency, m.conversions, m.value_minor]).sort()).toEqual([
      ["EUR", 2, 2499],
      ["JPY", 1, 1200],
    ]);

    // The cron as of the Monday after this week, 01:00 UTC: its last complete week is this one.
    const runAt = new Date(monday + 7 * DAY + HOUR).toISOString();
    const run = await fetch(
      `${baseUrl}/__scheduled?cron=${encodeURIComponent(NOTIFY_CRON)}&at=${encodeURIComponent(runAt)}`,
    );
    expect(run.status).toBe(200);
    // This week's report: another test's run at the real time may have sent last week's.
    const weekOf = `week of ${new Date(monday).toISOString().slice(0, 10)} `;
    const mail = page
      .locator("article.mail")
      .filter({ has: page.locator("p > bdi", { hasText: new RegExp(`^${address.replaceAll(".", "\\.")}$`) }) })
      .filter({ has: page.locator("pre.mail-text", { hasText: weekOf }) });
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/app/__mailbox`);
          return mail.count();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);
    const text = (await mail.locator("pre.mail-text").textContent()) ?? "";

    const change = (d: number) => (d > 0 ? `+${d}` : d < 0 ? `${d}` : "±0");
    const before = new Map(overview.previous.by_platform.map((p) => [p.platform, p.sessions]));
    const linked = links(sources.by_source);
    const linkTotal = (rows: { sessions: number }[]) => rows.reduce((n, r) => n + r.sessions, 0);
    const share = (v: { total_sessions: number; verified_sessions: number }) =>
      v.total_sessions === 0 ? "no sessions" : `${Math.round((v.verified_sessions * 1000) / v.total_sessions) / 10}%`;
    const expected = [
      `AI-agent traffic, week of ${new Date(monday).toISOString().slice(0, 10)} to ${new Date(monday + 6 * DAY).toISOString().slice(0, 10)} (UTC)`,
      SHOP,
      `  AI-agent sessions: ${overview.total_sessions} (${change(overview.total_sessions - overview.previous.total_sessions)}; week before: ${overview.previous.total_sessions})`,
      ...overview.by_platform.map(
        (p) => `    ${platformName(p.platform)}: ${p.sessions} (${change(p.sessions - (before.get(p.platform) ?? 0))})`,
      ),
      `  Visits referred by an AI assistant: ${linkTotal(linked)} (${change(linkTotal(linked) - linkTotal(links(sources.previous.by_source)))}); ${linked.map((r) => `${platformName(r.sub_source ?? null)} ${r.sessions}`).join(", ")}`,
      `  Verified share: ${share(verification)} (week before: ${share(verification.previous)})`,
      "  Scan score: not scanned yet",
      ...revenue.by_currency.map(
        (m) =>
          `  ${moneyText(m.value_minor, m.currency)} from ${m.conversions} conversion${m.conversions === 1 ? "" : "s"}; none after an AI assistant's link`,
      ),
      // Orders by channel, by hand: the three conversions carry no click id, UTM or snippet
      // visit and no agent placed or submitted them, so all three are other orders (EUR
      // first, having more orders); the fresh workspace had none the week before.
      "  Orders placed by agents: 0 (0)",
      "  Orders where an agent in the browser submitted the cart or checkout: 0 (0)",
      "  Orders by people referred by an AI assistant: 0 (0)",
      "  Other orders: 3 (0); 24.99 EUR, 1,200 JPY",
    ];
    // The site's link: its traffic page in the app for exactly the mail's days (the
    // custom range, Monday to Sunday), which says the same sessions once followed.
    const firstDay = new Date(monday).toISOString().slice(0, 10);
    const lastDay = new Date(monday + 6 * DAY).toISOString().slice(0, 10);
    const linkLine = "  These days in the app: ";
    const href =
      text
        .split("\n")
        .find((l) => l.startsWith(linkLine))
        ?.slice(linkLine.length) ?? "";
    expect(href).toMatch(
      new RegExp(`^${baseUrl.replaceAll(".", "\\.")}/app/w/[^/]+/sites/${SHOP.replaceAll(".", "\\.")}/traffic\\?`),
    );
    expect(Object.fromEntries(new URL(href).searchParams)).toEqual({ from: firstDay, to: lastDay });
    expected.push(`${linkLine}${href}`);
    await page.goto(href);
    await expect
      .poll(() => page.locator('[data-metric="total_sessions"]').first().textContent())
      .toBe(String(overview.total_sessions));
    for (const line of expected) expect(text).toContain(line);
    // No other figure: each site, link and revenue line of the mail is one of the above.
    const figure = (l: string) => /^\s+\S.*\d/.test(l);
    expect(text.split("\n").filter(figure).sort()).toEqual(expected.filter(figure).sort());
  }, 240_000);
});
