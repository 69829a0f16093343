import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  DAY as DAY_DIM,
  type Dimension,
  ENTRY_URL,
  MADE_BY,
  type OnlyValues,
  OUTCOME,
  PLATFORM,
  REFERRER_HOST,
  SOURCE,
  SUB_SOURCE,
} from "../../shared/reports/dimensions";
import { foldLive, type GroupedRow, groupedSessions, readLiveGroups } from "../../shared/reports/grouped-sessions";
import { medianDurationMs } from "../../shared/reports/median-duration";
import { readPlan } from "../../shared/reports/read-plan";
import { HOUR } from "../../shared/reports/time-series";
import { FAILING_LISTED_SQL } from "../../shared/vocabulary/failing-condition";

const DAY = 86_400_000;
const HOUR_MS = 3_600_000;
const D0 = Date.UTC(2026, 10, 1);

async function insertSessions(
  siteId: string,
  rows: Array<{ id: string; startedAt: number; duration: number; agent: boolean; dirty?: number; settled?: boolean }>,
) {
  await env.ANALYTICS.batch(
    rows.map((r) =>
      env.ANALYTICS.prepare(
        `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
           event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
           reached_purchase, outcome, settled_at, dirty)
         VALUES (?, 'ws', ?, 'v', ?, ?, ?, ?, 1, 1, 0, '/', '/', ?, '[]', 'direct', 0, 0, ?, ?, ?)`,
      ).bind(
        r.id,
        siteId,
        new Date(r.startedAt).toISOString().slice(0, 10),
        r.startedAt,
        r.startedAt + r.duration,
        r.duration,
        r.agent ? "chatgpt" : null,
        r.settled === false ? null : "not_attempted",
        r.settled === false ? null : r.startedAt + r.duration,
        r.dirty ?? 0,
      ),
    ),
  );
}

describe("readPlan", () => {
  it("reads whole current past days from daily rows, whole current hours from hourly rows, changed hours and partial hours live", async () => {
    await insertSessions("plan-site", [
      { id: "p1", startedAt: D0 + 2 * DAY + 5, duration: 1, agent: true, dirty: 1 },
      { id: "p2", startedAt: D0 + 4 * DAY + 5, duration: 1, agent: true, settled: false },
      { id: "p3", startedAt: D0 + 3 * DAY + 5, duration: 1, agent: true },
    ]);
    const start = D0 + 12 * 3_600_000; // mid day 0
    const now = D0 + 6 * DAY + 3_600_000; // 01:00 on day 6
    const plan = await readPlan(env.ANALYTICS, "plan-site", { period: "custom", start, end: now }, now);
    // whole days 1..5 from daily rows, but day 2 (a dirty session in its hour 0) and
    // day 4 (an unsettled one in its hour 0) by hour: their other hours, the edge day's
    // afternoon and today's first hour (past and whole at 01:00) from hourly rows.
    expect(plan.days).toEqual({ from: "2026-11-02", to: "2026-11-06", exclude: ["2026-11-03", "2026-11-05"] });
    expect(plan.hours).toEqual([
      [start, D0 + DAY],
      [D0 + 2 * DAY + HOUR_MS, D0 + 3 * DAY],
      [D0 + 4 * DAY + HOUR_MS, D0 + 5 * DAY],
      [D0 + 6 * DAY, now],
    ]);
    expect(plan.live).toEqual([
      [D0 + 2 * DAY, D0 + 2 * DAY + HOUR_MS],
      [D0 + 4 * DAY, D0 + 4 * DAY + HOUR_MS],
    ]);
    // A day a session moved away from (stale_days) is read live whole: its old hour's row still counts it.
    await env.ANALYTICS.prepare("INSERT INTO stale_days (site_id, day) VALUES ('plan-site', '2026-11-03')").run();
    const moved = await readPlan(env.ANALYTICS, "plan-site", { period: "custom", start, end: now }, now);
    expect(moved.live).toEqual([
      [D0 + 2 * DAY, D0 + 3 * DAY],
      [D0 + 4 * DAY, D0 + 4 * DAY + HOUR_MS],
    ]);
    await env.ANALYTICS.prepare("DELETE FROM stale_days WHERE site_id = 'plan-site'").run();
    // An hourly series' plan reads no daily rows: the whole days come from hourly rows.
    const byHour = await readPlan(env.ANALYTICS, "plan-site", { period: "custom", start, end: now }, now, {
      days: false,
    });
    expect(byHour.days).toBeNull();
    expect(byHour.hours).toEqual([
      [start, D0 + 2 * DAY],
      [D0 + 2 * DAY + HOUR_MS, D0 + 4 * DAY],
      [D0 + 4 * DAY + HOUR_MS, now],
    ]);
    // Hours past the hourly retention (181 days) are read from sessions.
    const later = now + 181 * DAY;
    const old = await readPlan(env.ANALYTICS, "plan-site", { period: "custom", start, end: now }, later);
    expect(old.hours).toEqual([]);
    expect(old.live).toEqual([
      [start, D0 + DAY],
      [D0 + 2 * DAY, D0 + 3 * DAY],
      [D0 + 4 * DAY, D0 + 5 * DAY],
      [D0 + 6 * DAY, now],
    ]);
  });

  it("reads a window without a whole past hour live, and the future live", async () => {
    const now = D0 + 10 * DAY + 5_000;
    const inDay = await readPlan(env.ANALYTICS, "plan-site", { period: "1h", start: now - 3_600_000, end: now }, now);
    expect(inDay).toEqual({ days: null, hours: [], live: [[now - 3_600_000, now]] });
    const future = await readPlan(
      env.ANALYTICS,
      "plan-site",
      { period: "custom", start: D0 + 9 * DAY, end: D0 + 12 * DAY },
      now,
    );
    // day 9 is whole and past; day 10 (today) from its current hour on is live
    expect(future.days).toEqual({ from: "2026-11-10", to: "2026-11-10", exclude: [] });
    expect(future.hours).toEqual([]);
    expect(future.live).toEqual([[D0 + 10 * DAY, D0 + 12 * DAY]]);
  });
});

describe("medianDurationMs", () => {
  it("is exact on both plans: a small window sorted by start, a large one walked by duration", async () => {
    // 20,001 agent sessions with durations 0..20000 (shuffled by start), plus humans that must not count.
    await env.ANALYTICS.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
       INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
         event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
         reached_purchase, dirty)
       SELECT 'm' || i, 'ws', 'median-site', 'v', '2026-11-01', ?1 + (i * 7919) % 20001, ?1 + 1, i, 1, 1, 0, '/', '/',
         'chatgpt', '[]', 'direct', 0, 0, 0 FROM n`,
    )
      .bind(D0)
      .run();
    await insertSessions("median-site", [
      { id: "h1", startedAt: D0 + 1, duration: 999_999, agent: false },
      { id: "h2", startedAt: D0 + 2, duration: 999_999, agent: false },
    ]);
    // all 20,001 (large plan): the middle value is 10000
    expect(await medianDurationMs(env.ANALYTICS, "median-site", D0, D0 + DAY, 20_001)).toBe(10_000);
    // the first 11 starts (small plan): durations i with (i * 7919) % 20001 < 11
    const small: number[] = [];
    for (let i = 0; i <= 20_000; i++) if ((i * 7919) % 20_001 < 11) small.push(i);
    small.sort((a, b) => a - b);
    expect(small).toHaveLength(11);
    expect(await medianDurationMs(env.ANALYTICS, "median-site", D0, D0 + 11, 11)).toBe(small[5]);
    expect(await medianDurationMs(env.ANALYTICS, "median-site", D0, D0 + 11, 0)).toBe(0);
  });

  it("uses the indexes designed for it (query plans)", async () => {
    const plan = async (sql: string) =>
      (await env.ANALYTICS.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>()).results
        .map((r) => r.detail)
        .join(" | ");
    expect(
      await plan(
        "SELECT duration_ms FROM sessions WHERE site_id = 's' AND agent_platform IS NOT NULL AND +started_at >= 0 AND +started_at < 9 ORDER BY duration_ms LIMIT 1 OFFSET 5",
      ),
    ).toContain("sessions_agent_duration_idx");
    expect(
      await plan(
        `SELECT id FROM sessions WHERE site_id = 's' AND started_at >= 0 AND started_at < 9 AND ${FAILING_LISTED_SQL} ORDER BY started_at DESC, id DESC LIMIT 3`,
      ),
    ).toContain("sessions_failing_idx");
    // The read plan's unsettled-days probe stays on the small unsettled index, never a walk of the site.
    expect(
      await plan(
        "SELECT DISTINCT day FROM sessions WHERE settled_at IS NULL AND +site_id = 's' AND +day BETWEEN 'a' AND 'b'",
      ),
    ).toContain("sessions_unsettled_idx");
  });
});

describe("the aggregate reads of the overview and the sources report", () => {
  it("stay on their narrow covering indexes, day and hour tables alike (query plans)", async () => {
    // The statements exactly as groupedSessions builds them: a recording stand-in for
    // the database keeps each prepared SQL, then each is explained on the real one.
    const prepared: string[] = [];
    const recorder = new Proxy(env.ANALYTICS, {
      get(target, key) {
        if (key === "prepare")
          return (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          };
        if (key === "batch") return async () => [];
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const plan = {
      days: { from: "2026-10-01", to: "2026-10-30", exclude: [] as string[] },
      hours: [[D0, D0 + 3 * HOUR_MS]] as Array<[number, number]>,
      live: [] as Array<[number, number]>,
    };
    await groupedSessions(recorder, "s", plan, "agents", "traffic_daily", [DAY_DIM, PLATFORM, OUTCOME]);
    await groupedSessions(recorder, "s", plan, "all", "traffic_daily", [
      DAY_DIM,
      SOURCE,
      SUB_SOURCE,
      REFERRER_HOST,
      MADE_BY,
    ]);
    expect(prepared).toHaveLength(4);
    for (const sql of prepared) {
      const bound = sql.replaceAll(/\?[1-9]/g, "'x'");
      const detail = (await env.ANALYTICS.prepare(`EXPLAIN QUERY PLAN ${bound}`).all<{ detail: string }>()).results
        .map((r) => r.detail)
        .join(" | ");
      expect(detail, sql).toMatch(/USING COVERING INDEX traffic_(daily|hourly)_(outcomes|sources)_idx/);
    }
  });
});

describe("groupedSessions with the report's one live read", () => {
  it("folds every grouping to the rows its own read of sessions gives, NULLs and the only-filter included", async () => {
    const site = "fold-site";
    const at = (h: number) => D0 + h * 3_600_000;
    await env.ANALYTICS.batch(
      [
        ["f1", at(1), "chatgpt", "ai_assistant_session", null, "/a"],
        ["f2", at(1), "chatgpt", "ai_assistant_session", null, "/b"],
        ["f3", at(2), null, "referral", "ref.example", "/a"],
        ["f4", at(30), "claude", "ai_assistant_link", "", "/c"],
        ["f5", at(31), null, "direct", null, "/a"],
      ].map(([id, startedAt, platform, source, host, url]) =>
        env.ANALYTICS.prepare(
          `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms,
             page_count, event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source,
             referrer_host, reached_cart, reached_purchase, dirty)
           VALUES (?, 'ws', ?, 'v', ?, ?, ?, 0, 1, 1, 0, ?, ?, ?, '[]', ?, ?, 0, 0, 0)`,
        ).bind(
          id,
          site,
          new Date(startedAt as number).toISOString().slice(0, 10),
          startedAt,
          startedAt,
          url,
          url,
          platform,
          source,
          host,
        ),
      ),
    );
    const plan = {
      days: null,
      hours: [] as Array<[number, number]>,
      live: [[at(0), at(24)] as [number, number], [at(25), at(48)] as [number, number]],
    };
    const dims = [DAY_DIM, SOURCE, SUB_SOURCE, REFERRER_HOST, ENTRY_URL, HOUR];
    const sorted = (rows: GroupedRow[]) => rows.map((r) => `${r.keys.join("|")}=${r.sessions}`).sort();
    for (const population of ["all", "agents"] as const) {
      const live = await readLiveGroups(env.ANALYTICS, site, plan.live, population, dims);
      const cases: Array<[Dimension[], OnlyValues | undefined]> = [
        [[SOURCE, SUB_SOURCE, REFERRER_HOST], undefined],
        [[DAY_DIM, SOURCE], undefined],
        [[HOUR, SOURCE], undefined],
        [[ENTRY_URL, SOURCE], { dim: ENTRY_URL, values: ["/a", "/c", ""] }],
      ];
      for (const [groupDims, only] of cases) {
        const direct = await groupedSessions(env.ANALYTICS, site, plan, population, "traffic_daily", groupDims, only);
        expect(foldLive(live, plan.live, population, groupDims, only)).not.toBeNull();
        const folded = await groupedSessions(
          env.ANALYTICS,
          site,
          plan,
          population,
          "traffic_daily",
          groupDims,
          only,
          live,
        );
        expect(sorted(folded)).toEqual(sorted(direct));
        expect(direct.length).toBeGreaterThan(0);
      }
    }
    // A read of other ranges, another population or without a dimension is not folded.
    const live = await readLiveGroups(env.ANALYTICS, site, plan.live, "all", [DAY_DIM, SOURCE]);
    expect(foldLive(live, [[at(0), at(24)]], "all", [SOURCE])).toBeNull();
    expect(foldLive(live, plan.live, "agents", [SOURCE])).toBeNull();
    expect(foldLive(live, plan.live, "all", [SOURCE, ENTRY_URL])).toBeNull();
  });
});
