import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import type { AnalyticsShard } from "../../shared/shards/analytics-shard";
import { shardFor } from "../../shared/shards/shard-for";
import { inShard } from "../helpers/shard";
import { DAY, HOUR, insertSession, MINUTE, todayStart } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The workspace time zone (docs/app.md "Time zone"): set on Settings → Workspace, used
// for the traffic page's day boundaries and its times, with the numbers the API's
// `timezone` parameter gives (the same shard call the v1 route makes).

/** The zone the settings form's picker has selected. */
const selected = (html: string) => {
  const picker = html.slice(
    html.indexOf('id="workspace-timezone"'),
    html.indexOf("</select>", html.indexOf('id="workspace-timezone"')),
  );
  return /<option value="([^"]+)" selected/.exec(picker)?.[1];
};

interface ChartData {
  x: number[];
  series: Array<{ label: string; values: number[] }>;
}
const chart = (html: string, id: string): ChartData => {
  const m = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error(`no ${id} on the page`);
  return JSON.parse(m[1]) as ChartData;
};

describe("workspace time zone", () => {
  it("is UTC until an owner saves another; the saved zone shows on reload; an unknown one is refused", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("tz-owner"));
    const first = await owner.get("/app/settings/workspace");
    expect(selected(first.html)).toBe("UTC");
    expect(first.html).toContain('<optgroup label="Europe">');

    const saved = await owner.post("/app/settings/workspace/timezone", { timezone: "Europe/Berlin" });
    expect(saved.status).toBe(303);
    const reloaded = await owner.get(saved.location ?? "/app/settings/workspace");
    expect(selected(reloaded.html)).toBe("Europe/Berlin");
    expect(reloaded.html).toContain("Days and times now follow Europe/Berlin.");

    const refused = await owner.post("/app/settings/workspace/timezone", { timezone: "Mars/Olympus_Mons" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Unknown time zone");
    expect(refused.html).toContain("IANA name");
    expect(selected((await owner.get("/app/settings/workspace")).html)).toBe("Europe/Berlin");
  });

  it("starts a new workspace in the zone the browser sent when it is a real one, else in UTC", async () => {
    const zoneOf = async (client: FormClient) => selected((await client.get("/app/settings/workspace")).html);
    const form = await new FormClient().get("/app/sign-up");
    expect(form.html).toContain('<input type="hidden" name="timezone" value="" data-browser-timezone=""/>');

    const berlin = new FormClient();
    await berlin.signUp(uniqueEmail("tz-guess"), undefined, { timezone: "Europe/Berlin" });
    expect(await zoneOf(berlin)).toBe("Europe/Berlin");
    // Forged, unknown, an offset or absent (no script): UTC, and the sign-up still succeeds.
    for (const guess of ["Mars/Olympus", "+05:30", "<script>", ""]) {
      const client = new FormClient();
      await client.signUp(uniqueEmail("tz-guess-bad"), undefined, { timezone: guess });
      expect(await zoneOf(client), guess).toBe("UTC");
    }

    // A second workspace made from the app takes the browser's zone too.
    await berlin.get("/app/workspaces/new");
    const created = await berlin.post("/app/workspaces", {
      name: `NY ${uniqueEmail("ws")}`,
      timezone: "America/New_York",
    });
    expect(created.status).toBe(303);
    await berlin.landInWorkspace();
    expect(await zoneOf(berlin)).toBe("America/New_York");
  });

  it("moves the traffic page's days to Berlin's midnight, with the API's numbers for that zone", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("tz-traffic"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "tz-page.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare(
      "SELECT id, workspace_id, domain, coverage, coverage_changed_at FROM sites WHERE domain = ?",
    )
      .bind("tz-page.example")
      .first<{ id: string; workspace_id: string; domain: string; coverage: string; coverage_changed_at: number }>();
    if (!site) throw new Error("site not stored");
    // D is a UTC midnight 4 days ago; the page shows the days D to D + 2 (daily buckets).
    // Berlin is 1 or 2 hours ahead, so D - 30 min is Berlin's day D (00:30 or 01:30) but
    // UTC's day before, and D + 23:30 is UTC's day D but Berlin's D + 1:
    //   session      UTC day   Berlin day
    //   D - 0:30     (before)  D           chatgpt
    //   D + 12:00    D         D           chatgpt
    //   D + 23:30    D         D + 1       claude
    const d = todayStart() - 4 * DAY;
    await insertSession(site.workspace_id, site.id, { startedAt: d - 30 * MINUTE, platform: "chatgpt" });
    await insertSession(site.workspace_id, site.id, { startedAt: d + 12 * HOUR, platform: "chatgpt" });
    await insertSession(site.workspace_id, site.id, { startedAt: d + 23 * HOUR + 30 * MINUTE, platform: "claude" });
    const day = (n: number) => new Date(d + n * DAY).toISOString().slice(0, 10);
    const page = `/app/sites/tz-page.example/traffic?from=${day(0)}&to=${day(2)}`;
    const lines = (c: ChartData) =>
      c.series.filter((s) => s.label !== "Previous period (all platforms)").map((s) => [s.label, s.values]);

    const utc = chart((await owner.get(page)).html, "platform-series-data");
    expect(utc.x).toEqual([d, d + DAY, d + 2 * DAY].map((t) => t / 1000));
    expect(lines(utc)).toEqual([
      ["ChatGPT", [1, 0, 0]],
      ["Claude", [1, 0, 0]],
    ]);

    expect((await owner.post("/app/settings/workspace/timezone", { timezone: "Europe/Berlin" })).status).toBe(303);
    const berlinPage = await owner.get(page);
    const berlin = chart(berlinPage.html, "platform-series-data");
    const midnight = (n: number) => Date.parse(`${day(n)}T00:00:00Z`) - zoneOffset(day(n));
    const shard = shardFor(env.ANALYTICS_SHARD as unknown as DurableObjectNamespace<AnalyticsShard>, site.id);
    const api = await shard.overview({
      site: { id: site.id, domain: site.domain, coverage: site.coverage, coverageChangedAt: site.coverage_changed_at },
      window: { period: "custom", start: midnight(0), end: midnight(3) },
      nowMs: Date.now(),
      timeZone: "Europe/Berlin",
    });
    // Hand count in Berlin: chatgpt [2, 0, 0], claude [0, 1, 0].
    expect(api.by_platform_series.platforms).toEqual([
      { platform: "chatgpt", sessions: [2, 0, 0] },
      { platform: "claude", sessions: [0, 1, 0] },
    ]);
    expect(berlin.x).toEqual([0, 1, 2].map((n) => midnight(n) / 1000));
    expect(berlin.x).toEqual(api.by_platform_series.buckets.map((b) => Date.parse(b) / 1000));
    expect(lines(berlin)).toEqual([
      ["ChatGPT", [2, 0, 0]],
      ["Claude", [0, 1, 0]],
    ]);
    // The window's start in Berlin's wall clock and zone name; the <time> attribute stays UTC.
    expect(berlinPage.html).toMatch(
      new RegExp(`<time datetime="${new Date(midnight(0)).toISOString()}">${day(0)} 00:00 CES?T</time>`),
    );
    expect(berlinPage.html).toContain("From (Europe/Berlin day)");
  });

  it("moves the crawl-to-referral page's days to Berlin's midnights across the 25-hour 2026-10-25", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("tz-agents"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "tz-agents.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = 'tz-agents.example'").first<{
      id: string;
      workspace_id: string;
    }>();
    if (!site) throw new Error("site not stored");
    // The page asks for the days 2026-10-25 to 2026-10-27 (day buckets: over 48 hours):
    // in UTC [10-25 00:00Z, 10-28 00:00Z); in Berlin [10-24 22:00Z, 10-27 23:00Z), 25 + 24 + 24 hours.
    //   UTC                Berlin           UTC day   Berlin day   what
    //   10-24 22:30        10-25 00:30      (before)  10-25        visit from ChatGPT, GPTBot crawl
    //   10-25 22:30        10-25 23:30 CET  10-25     10-25        visit from ChatGPT
    //   10-25 23:30        10-26 00:30      10-25     10-26        visit from ChatGPT
    const visit = (iso: string) =>
      insertSession(site.workspace_id, site.id, {
        startedAt: Date.parse(iso),
        source: "ai_assistant_link",
        subSource: "chatgpt",
      });
    await visit("2026-10-24T22:30:00Z");
    await visit("2026-10-25T22:30:00Z");
    await visit("2026-10-25T23:30:00Z");
    await inShard(env.ANALYTICS_SHARD, site.id, (db) =>
      storeAgentRequests(db, [
        {
          id: "tz-agents-1",
          occurred_at: Date.parse("2026-10-24T22:30:00Z"),
          method: "GET",
          path: "/",
          status: 200,
          agent: "gptbot",
          platform: "chatgpt",
          purpose: "crawl",
          tier: "declared",
          document: 1,
          via: "events",
        },
      ]),
    );
    const page = "/app/sites/tz-agents.example/crawl-to-referral?from=2026-10-25&to=2026-10-27";
    const row = (html: string) =>
      /<tr data-operator="chatgpt">(.*?)<\/tr>/s
        .exec(html)?.[1]
        .match(/<td[^>]*>([^<]*)<\/td>/g)
        ?.map((td) => td.replace(/<[^>]+>/g, ""));
    const values = (c: ChartData) => c.series.map((s) => [s.label, s.values]);

    const utcPage = await owner.get(page);
    const utc = chart(utcPage.html, "referral-series-data");
    const seconds = (...isos: string[]) => isos.map((t) => Date.parse(t) / 1000);
    expect(utc.x).toEqual(seconds("2026-10-25T00:00:00Z", "2026-10-26T00:00:00Z", "2026-10-27T00:00:00Z"));
    expect(values(utc)).toEqual([["ChatGPT", [2, 0, 0]]]);
    // Operator, crawl, search, referred visits, requests per visit: the crawl is before UTC's window.
    expect(row(utcPage.html)).toEqual(["ChatGPT", "0", "0", "2", "0"]);

    expect((await owner.post("/app/settings/workspace/timezone", { timezone: "Europe/Berlin" })).status).toBe(303);
    const berlinPage = await owner.get(page);
    const berlin = chart(berlinPage.html, "referral-series-data");
    expect(berlin.x).toEqual(seconds("2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", "2026-10-26T23:00:00Z"));
    expect(values(berlin)).toEqual([["ChatGPT", [2, 1, 0]]]);
    // 1 crawl / 3 visits = 0.33, one decimal.
    expect(row(berlinPage.html)).toEqual(["ChatGPT", "1", "0", "3", "0.3"]);
    expect(berlinPage.html).toContain("day (Europe/Berlin)");
  });
});

/** Berlin's offset on `date` (1 h in winter, 2 h in summer), from the tz rules: EU summer time runs from 01:00 UTC on March's last Sunday to 01:00 UTC on October's last Sunday. */
function zoneOffset(date: string): number {
  const year = Number(date.slice(0, 4));
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  // The local midnight of `date` is 22:00 or 23:00 UTC the day before; summer time at that instant?
  const t = Date.parse(`${date}T00:00:00Z`) - HOUR;
  return t >= lastSunday(2) && t < lastSunday(9) ? 2 * HOUR : HOUR;
}
