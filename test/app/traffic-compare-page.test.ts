import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY, HOUR, insertSession, rollUp, todayStart } from "../v1/traffic-fixtures";
import { FormClient, uniqueEmail } from "./form-client";

// The traffic page's tiles against the previous equal period (compare=previous), for a
// custom range of two whole UTC days, [d3, d5), and its previous window [d1, d3):
//
// day  start  platform  visitor  duration
// d1   10:00  chatgpt   a        4 s      previous
// d2   10:00  claude    b        8 s      previous
// d3   10:00  chatgpt   a        2 s      current
// d3   11:00  chatgpt   c        2 s      current
// d4   10:00  claude    d        2 s      current
//
// sessions 3 against 2: +50%; visitors 3 (a, c on d3; d on d4) against 2: +50%;
// the median 2 s is below the previous window's (4 s and 8 s), whichever middle it takes.
describe("traffic page: change against the previous period", () => {
  it("shows each tile's change from the same report's previous window, and the previous line on the chart", async () => {
    const owner = new FormClient();
    await owner.signUp(uniqueEmail("compare-owner"));
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "compare-page.example", name: "Shop" })).status).toBe(303);
    const site = await env.DB.prepare("SELECT id, workspace_id FROM sites WHERE domain = ?")
      .bind("compare-page.example")
      .first<{ id: string; workspace_id: string }>();
    if (!site) throw new Error("site not stored");
    const d0 = todayStart() - 7 * DAY;
    const day = (n: number) => d0 + n * DAY;
    const rows: Array<[number, string, string, number]> = [
      [day(1) + 10 * HOUR, "chatgpt", "a", 4_000],
      [day(2) + 10 * HOUR, "claude", "b", 8_000],
      [day(3) + 10 * HOUR, "chatgpt", "a", 2_000],
      [day(3) + 11 * HOUR, "chatgpt", "c", 2_000],
      [day(4) + 10 * HOUR, "claude", "d", 2_000],
    ];
    for (const [startedAt, platform, visitor, durationMs] of rows)
      await insertSession(site.workspace_id, site.id, { startedAt, platform, visitor, durationMs });
    await rollUp(site.id, day(1), day(2), day(3), day(4));
    const iso = (n: number) => new Date(day(n)).toISOString().slice(0, 10);
    const page = await owner.get(`/app/sites/compare-page.example/traffic?from=${iso(3)}&to=${iso(4)}`);
    expect(page.status).toBe(200);
    const change = (metric: string) =>
      new RegExp(`data-change="${metric}" data-direction="(\\w+)">([^<]*)<`).exec(page.html)?.slice(1, 3);
    expect(change("total_sessions")).toEqual(["up", "▲ 50% (was 2)"]);
    expect(change("unique_visitors")).toEqual(["up", "▲ 50% (was 2)"]);
    // AI share: all sessions are agents in both windows, 100% against 100%.
    expect(change("ai_share_pct")).toEqual(["same", "no change (was 100%)"]);
    expect(change("median_duration")?.[0]).toBe("down");
    // The chart's data holds the previous period's total per bucket, aligned with this
    // period's: 48 hours (the default up to 48 h), the previous sessions at hours 10 and 24 + 10.
    const hourly = Array.from({ length: 48 }, (_, i) => (i === 10 || i === 34 ? 1 : 0));
    const data = /<script type="application\/json" id="platform-series-data">([^<]*)<\/script>/.exec(page.html)?.[1];
    const series = JSON.parse(data ?? "{}") as { series: Array<{ label: string; values: number[] }> };
    // An overlay: drawn as a line over the stacked bands, never stacked on them.
    expect(series.series.at(-1)).toEqual({ label: "Previous period (all platforms)", values: hourly, overlay: true });
  });
});
