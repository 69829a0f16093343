import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MetricId } from "../../shared/metrics/metric-catalogue";
import { whatIsThis } from "../../shared/metrics/metric-text";
import { DAY, HOUR, insertSession, todayStart } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The site dashboard as a transport (workers/app/dashboard/site-dashboard.tsx): every
// breakdown row is a link to the page with its filter added, the page passes the URL's
// filters to the traffic report use case (whose rules are tested in
// test/v1/reads/traffic-filters.test.ts), shows them with their removal, keeps them in
// the CSV links and the period presets, and says "No data" rather than a 0 that measures
// nothing. Hand counts, window [d, d + 1 day) three days back:
//   chatgpt  user_action  /products/mug     20 s
//   chatgpt  search       /products/mug     0 ms (one request)
//   claude   crawl        /checkout         0 ms (one request)
//   a person from chatgpt.com's link, on the mug

async function ownerWithTraffic(domain: string) {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("dashboard"));
  await owner.get("/app/sites");
  expect((await owner.post("/app/sites", { domain, name: "Shop" })).status).toBe(303);
  const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
    .bind(domain)
    .first<{ id: string; workspace_id: string }>();
  if (!site) throw new Error("site not stored");
  const d = todayStart() - 3 * DAY;
  const add = (spec: Parameters<typeof insertSession>[2]) => insertSession(site.workspace_id, site.id, spec);
  await add({
    startedAt: d + HOUR,
    platform: "chatgpt",
    purpose: "user_action",
    entryUrl: "/products/mug",
    durationMs: 20_000,
  });
  await add({
    startedAt: d + 2 * HOUR,
    platform: "chatgpt",
    purpose: "search",
    entryUrl: "/products/mug",
    durationMs: 0,
  });
  await add({ startedAt: d + 3 * HOUR, platform: "claude", purpose: "crawl", entryUrl: "/checkout", durationMs: 0 });
  await add({
    startedAt: d + 4 * HOUR,
    source: "ai_assistant_link",
    subSource: "chatgpt",
    referrerHost: "chatgpt.com",
    entryUrl: "/products/mug",
  });
  const day = new Date(d).toISOString().slice(0, 10);
  return { owner, path: `/app/sites/${domain}/traffic`, window: `from=${day}&to=${day}` };
}

const metric = (html: string, name: string) => new RegExp(`data-metric="${name}"[^>]*>([^<]*)<`).exec(html)?.[1];
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));

describe("site dashboard", () => {
  it("links every breakdown row to the page filtered by it, and the filtered page narrows every number", async () => {
    const { owner, path, window } = await ownerWithTraffic("dash-filter.example");
    const all = await owner.get(`${path}?${window}`);
    expect(all.status).toBe(200);
    expect(metric(all.html, "total_sessions")).toBe("3");
    // People shown, not only as the share's denominator: the one from ChatGPT's link.
    expect(metric(all.html, "human_visits")).toBe("1");
    expect(all.html).toContain("1 of them from an AI assistant&#39;s link");
    // The share names what it counts: 3 agent sessions + 1 person from a link, of 4 sessions.
    expect(metric(all.html, "ai_share_pct")).toBe("100%");
    expect(all.html).toContain("4 of 4 sessions: 3 AI-agent + 1 visit from an AI assistant&#39;s link");
    // Each headline number and card says what it is in the metric catalogue's words (docs/metrics.md).
    const defined = [...all.html.matchAll(/data-defines="([a-z_]+)"[^>]*>.*?<p>(.*?)<\/p>/gs)];
    expect(new Set(defined.map((m) => m[1]))).toEqual(
      new Set([
        "agent_sessions",
        "agent_unique_visitors",
        "human_visits",
        "ai_share",
        "agent_median_duration",
        "source_sessions",
        "referrer_host_sessions",
        "agent_entry_sessions",
        "human_entry_visits",
      ]),
    );
    for (const [, id, text] of defined)
      expect(
        text
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&"),
        id,
      ).toBe(whatIsThis(id as MetricId));
    // People's own top pages: the one person entered on the mug (the agents' pages are the other card's).
    expect(
      [...all.html.matchAll(/data-human-page="([^"]+)"[^>]*data-visits="(\d+)"/g)].map((m) => [m[1], m[2]]),
    ).toEqual([["/products/mug", "1"]]);
    // The row links keep the window and add their own filter.
    const links = hrefs(all.html);
    const here = owner.here(path);
    for (const filter of [
      "agent_platform=chatgpt",
      "agent_platform=claude",
      "purpose=crawl",
      "source=ai_assistant_link&sub_source=chatgpt",
      "referrer_host=chatgpt.com",
      "entry_page=%2Fproducts%2Fmug",
      "outcome=not_attempted",
      "tier=declared",
    ])
      expect(links, filter).toContain(`${here}?${window}&${filter}`);

    const chatgpt = await owner.get(`${path}?${window}&agent_platform=chatgpt`);
    expect(metric(chatgpt.html, "total_sessions")).toBe("2");
    // The other cards are narrowed too: the purposes of ChatGPT's two sessions only.
    expect(chatgpt.html).toMatch(/data-purpose="crawl" data-sessions="0"/);
    expect(chatgpt.html).toMatch(/data-purpose="search" data-sessions="1"/);
    expect(chatgpt.html).not.toContain('data-platform="claude"');
    // The filter is shown with its removal, and kept by the CSV links and the presets.
    expect(chatgpt.html).toContain("AI platform is <strong>ChatGPT</strong>");
    // Orders by channel are the period's orders whatever the filter: said on the filtered page only.
    expect(chatgpt.html).toContain("the filters above choose sessions, not orders");
    expect(all.html).not.toContain("data-orders-unfiltered");
    expect(hrefs(chatgpt.html)).toContain(`${here}?${window}`);
    expect(hrefs(chatgpt.html)).toContain(`${here}?period=30d&agent_platform=chatgpt`);
    expect(hrefs(chatgpt.html)).toContain(`${here}/csv/platforms?${window}&agent_platform=chatgpt`);
    // The CSV of a filtered page is filtered.
    const csv = await owner.get(`${path}/csv/platforms?${window}&agent_platform=chatgpt`);
    expect(csv.html.trim().split(/\r?\n/)).toEqual(["platform,agent_sessions,share_pct", "chatgpt,2,100"]);
  });

  it("says No data for a median no session measured, and names a filter value it could not apply", async () => {
    const { owner, path, window } = await ownerWithTraffic("dash-nodata.example");
    // Claude's one session is one request: 0 ms is no measurement.
    const claude = await owner.get(`${path}?${window}&agent_platform=claude&purpose=shopping`);
    expect(claude.status).toBe(200);
    expect(metric(claude.html, "median_duration")).toBe("No data");
    expect(claude.html).toContain("Sessions of one request (crawls, fetches) have no duration");
    // purpose=shopping is no purpose: left out and said, the platform filter still applies.
    expect(claude.html).toContain("Not applied: Purpose");
    expect(metric(claude.html, "total_sessions")).toBe("1");
    // ChatGPT's median: 0 and 20 s, (0 + 20000) / 2 = 10 s, a measurement.
    const chatgpt = await owner.get(`${path}?${window}&agent_platform=chatgpt`);
    expect(metric(chatgpt.html, "median_duration")).toBe("10.0 s");
  });
});
