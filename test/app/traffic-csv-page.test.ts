import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import type { AnalyticsShard } from "../../shared/shards/analytics-shard";
import { shardFor } from "../../shared/shards/shard-for";
import { TRAFFIC_CSV, type TrafficTableName } from "../../workers/app/dashboard/traffic-csv";
import { DAY, HOUR, insertSession, todayStart } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// Every table of the traffic page downloads as CSV, and each CSV read back equals the
// report's rows for the same window as the shard computes them for the v1 API.
describe("traffic page CSV downloads", () => {
  it("links each table's CSV with the page's window, and each reads back equal to the report", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("csv-owner"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "csv-page.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare(
      "SELECT id, workspace_id, domain, coverage, coverage_changed_at FROM sites WHERE domain = ?",
    )
      .bind("csv-page.example")
      .first<{
        id: string;
        workspace_id: string;
        domain: string;
        coverage: string;
        coverage_changed_at: number | null;
      }>();
    if (!site) throw new Error("site not stored");
    const day = todayStart() - 3 * DAY;
    await insertSession(site.workspace_id, site.id, { startedAt: day + HOUR, platform: "chatgpt", entryUrl: "=1+1" });
    await insertSession(site.workspace_id, site.id, {
      startedAt: day + 2 * HOUR,
      platform: "claude",
      purpose: "search",
    });
    await insertSession(site.workspace_id, site.id, {
      startedAt: day + 3 * HOUR,
      source: "referral",
      subSource: "news.example",
      referrerHost: "news.example",
    });
    const date = new Date(day).toISOString().slice(0, 10);
    const query = `?from=${date}&to=${date}`;
    const page = await owner.get(`/app/sites/csv-page.example/traffic${query}`);
    const names = Object.keys(TRAFFIC_CSV.tables) as TrafficTableName[];
    const shard = shardFor(env.ANALYTICS_SHARD as unknown as DurableObjectNamespace<AnalyticsShard>, site.id);
    const params = {
      site: { id: site.id, domain: site.domain, coverage: site.coverage, coverageChangedAt: site.coverage_changed_at },
      window: { period: "custom" as const, start: day, end: day + DAY },
      nowMs: Date.now(),
    };
    // The reports as the shard computes them: the tables' rows must be these.
    const reports = {
      overview: await shard.overview(params),
      purpose: await shard.purposeSplit(params),
      sources: await shard.sources(params),
      verification: await shard.verification(params),
    };
    for (const name of names) {
      const href = `/app/w/${owner.workspace}/sites/csv-page.example/traffic/csv/${name}${query}`;
      expect(page.html, name).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
      const res = await owner.get(href);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      // The site has neither snippet signal nor drain: the download says its numbers are not complete.
      expect(res.headers.get("X-Data-Coverage"), name).toBe("none");
      const [header, ...body] = parseCsv(res.html);
      const rows = (await TRAFFIC_CSV.tables[name].read(reports as never)) as Array<Record<string, unknown>>;
      expect(rows.length, name).toBeGreaterThan(0);
      const columns = TRAFFIC_CSV.tables[name].columns;
      expect(header, name).toEqual(columns.map((c) => c.name));
      // A metric's column is headed by the catalogue (docs/metrics.md), its cells are the report's field.
      expect(header, name).toEqual(
        (
          {
            platforms: ["platform", "agent_sessions", "share_pct"],
            outcomes: ["outcome", "agent_sessions"],
            purposes: ["purpose", "agent_sessions", "share_pct"],
            tiers: ["platform", "agent_sessions", "verified", "declared", "heuristic", "tier"],
            sources: ["source", "sub_source", "all_sessions", "share_pct"],
            referrer_hosts: ["host", "all_sessions"],
            top_pages: ["entry_url", "agent_sessions"],
            human_pages: ["url", "human_visits"],
          } satisfies Record<TrafficTableName, string[]>
        )[name],
      );
      const field = (h: string) =>
        ({ agent_sessions: "sessions", all_sessions: "sessions", human_visits: "visits" })[h as "agent_sessions"] ?? h;
      expect(
        body.map((r) => r.map(readCsvCell)),
        name,
      ).toEqual(rows.map((r) => header.map((h) => (r[field(h)] === null ? "" : String(r[field(h)])))));
    }
    // The visitor-controlled entry URL is text to a spreadsheet, not a formula.
    expect((await owner.get(`/app/sites/csv-page.example/traffic/csv/top_pages${query}`)).html).toContain("'=1+1,1");
    expect((await owner.get(`/app/sites/csv-page.example/traffic/csv/nope${query}`)).status).toBe(404);
  });

  it("another workspace's site has no CSV either", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("csv-owner2"));
    await owner.get("/app/sites");
    await owner.post("/app/sites", { domain: "csv-private.example", name: "Shop" });
    const stranger = new FormClient();
    await stranger.signUp(uniqueEmail("csv-stranger"));
    expect((await stranger.get("/app/sites/csv-private.example/traffic/csv/sources")).status).toBe(404);
  });
});
