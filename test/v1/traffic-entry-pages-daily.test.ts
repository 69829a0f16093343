import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import migrations from "../../migrations-shard/migrations.js";
import { inShard } from "../helpers/shard";
import {
  DAY,
  dayOf,
  freshKey,
  getJson,
  HOUR,
  insertSession,
  overviewPages,
  type Pages,
  rollUp,
  seedSite,
  sourcesPages,
  windowQuery,
} from "./traffic-fixtures";

// Top pages of windows of whole days (issue 29): the whole days come from the running
// totals per page within a UTC month (entry_page_running_daily: the totals to a run's
// last day minus the totals to the day before its first, each taken from the latest day
// with rows at or before it in its month). Every answer is asked before the rollup (all
// from `sessions`) and after it, with the previous period, and checked against counts
// made by hand, across a month's end, a day without sessions, days rolled up out of
// order, a late session on an earlier day and a day not rolled up yet.

// M: the 1st of the UTC month that began at least six days ago (so M + 3 is past). The
// window W = [M - 3, M + 3) (six whole days, three in each month), its previous window
// P = [M - 9, M - 3).
//
// day    page  agent   in
// M - 4  /b    yes     P
// M - 3  /a    yes     W
// M - 3  /b    no      W
// M - 2  /a    yes     W
// M - 2  /c    yes     W
// M - 1  (no session)
// M      /b    yes     W
// M      /a    no      W
// M + 1  /a    yes     W
// M + 2  /c    no      W
// M + 2  /c    yes     W
// M + 3  /a    yes     - (after W)
function monthStart(): number {
  const t = new Date(Date.now() - 6 * DAY);
  return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1);
}

async function seed(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const m = monthStart();
  const rows: Array<[number, string, boolean]> = [
    [m - 4 * DAY + 5 * HOUR, "/b", true],
    [m - 3 * DAY + 1 * HOUR, "/a", true],
    [m - 3 * DAY + 9 * HOUR, "/b", false],
    [m - 2 * DAY + 2 * HOUR, "/a", true],
    [m - 2 * DAY + 23 * HOUR, "/c", true],
    [m, "/b", true],
    [m + 12 * HOUR, "/a", false],
    [m + DAY + 3 * HOUR, "/a", true],
    [m + 2 * DAY + 4 * HOUR, "/c", false],
    [m + 2 * DAY + 5 * HOUR, "/c", true],
    [m + 3 * DAY + HOUR, "/a", true],
  ];
  for (const [startedAt, entryUrl, agent] of rows)
    await insertSession(key.workspaceId, siteId, { startedAt, entryUrl, platform: agent ? "chatgpt" : null });
  const days = Array.from({ length: 8 }, (_, i) => m + (i - 4) * DAY);
  const w = windowQuery(domain, m - 3 * DAY, m + 3 * DAY);
  return { key, siteId, m, days, w };
}

async function ask(s: Awaited<ReturnType<typeof seed>>) {
  return [
    await getJson<Pages>(s.key, `/traffic/overview${s.w}&compare=previous`),
    await getJson<Pages>(s.key, `/traffic/sources${s.w}&compare=previous`),
  ];
}

async function runningRows(siteId: string) {
  return inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
    const { results } = await db
      .prepare(
        "SELECT day, entry_url, sessions, agent_sessions FROM entry_page_running_daily WHERE site_id = ? ORDER BY day, entry_url",
      )
      .bind(siteId)
      .all<{ day: string; entry_url: string; sessions: number; agent_sessions: number }>();
    return results.map((r) => [r.day, r.entry_url, r.sessions, r.agent_sessions]);
  });
}

describe("top pages of whole days, from the running totals per page within a month", () => {
  it("answer the same before and after the rollup, across a month's end, counted by hand", async () => {
    const s = await seed("running-days.example");
    const before = await ask(s);
    // Rolled up latest day first: each earlier day's rebuild rewrites the later days of its month.
    await rollUp(s.siteId, ...[...s.days].reverse());
    const [overview, sources] = await ask(s);
    expect([overview, sources]).toEqual(before);
    // Agent sessions in W: /a M-3, M-2, M+1; /c M-2, M+2; /b M.
    expect(overviewPages(overview)).toEqual([
      ["/a", 3],
      ["/c", 2],
      ["/b", 1],
    ]);
    expect(overviewPages(overview.previous ?? {})).toEqual([["/b", 1]]);
    // All sessions in W: /a 4 (one human on M), /c 3, /b 2.
    expect(sourcesPages(sources)).toEqual([
      ["/a", 4],
      ["/c", 3],
      ["/b", 2],
    ]);
    expect(sourcesPages(sources.previous ?? {})).toEqual([["/b", 1]]);
    // People's visits in W, read in the same statements as all sessions: /b M-3, /a M, /c M+2.
    const people = (r: Pages) =>
      (r as { top_human_entry_pages?: Array<{ url: string; visits: number }> }).top_human_entry_pages;
    expect(people(sources)).toEqual([
      { url: "/a", visits: 1 },
      { url: "/b", visits: 1 },
      { url: "/c", visits: 1 },
    ]);
    expect(people(sources.previous ?? {})).toEqual([]);
  });

  it("keep each month's totals from its 1st, dense from a page's first day, none on a day without sessions", async () => {
    const s = await seed("running-days-rows.example");
    await rollUp(s.siteId, ...s.days);
    const d = (i: number) => dayOf(s.m + i * DAY);
    expect(await runningRows(s.siteId)).toEqual([
      [d(-4), "/b", 1, 1],
      [d(-3), "/a", 1, 1],
      [d(-3), "/b", 2, 1],
      [d(-2), "/a", 2, 2],
      [d(-2), "/b", 2, 1],
      [d(-2), "/c", 1, 1],
      // M - 1: no session, no rows. M starts a new month's totals.
      [d(0), "/a", 1, 0],
      [d(0), "/b", 1, 1],
      [d(1), "/a", 2, 1],
      [d(1), "/b", 1, 1],
      [d(2), "/a", 2, 1],
      [d(2), "/b", 1, 1],
      [d(2), "/c", 2, 1],
      [d(3), "/a", 3, 2],
      [d(3), "/b", 1, 1],
      [d(3), "/c", 2, 1],
    ]);
  });

  it("a late session on an earlier day: its rebuild carries it into the later days of the month", async () => {
    const s = await seed("running-days-late.example");
    await rollUp(s.siteId, ...s.days);
    // A late agent session on M (and one on M - 1, the day that had none), rolled up alone.
    await insertSession(s.key.workspaceId, s.siteId, {
      startedAt: s.m + 20 * HOUR,
      entryUrl: "/d",
      platform: "chatgpt",
    });
    await insertSession(s.key.workspaceId, s.siteId, {
      startedAt: s.m - DAY + HOUR,
      entryUrl: "/d",
      platform: "chatgpt",
    });
    await rollUp(s.siteId, s.m, s.m - DAY);
    const [overview] = await ask(s);
    expect(overviewPages(overview)).toEqual([
      ["/a", 3],
      ["/c", 2],
      ["/d", 2],
      ["/b", 1],
    ]);
    const rows = await runningRows(s.siteId);
    expect(rows.filter((r) => r[1] === "/d")).toEqual([
      [dayOf(s.m - DAY), "/d", 1, 1],
      [dayOf(s.m), "/d", 1, 1],
      [dayOf(s.m + DAY), "/d", 1, 1],
      [dayOf(s.m + 2 * DAY), "/d", 1, 1],
      [dayOf(s.m + 3 * DAY), "/d", 1, 1],
    ]);
  });

  it("a day not rolled up yet is read from sessions, its stale totals cancelled out", async () => {
    const s = await seed("running-days-stale.example");
    await rollUp(s.siteId, ...s.days);
    // A new session on M + 1: the day is dirty, so the plan reads it from `sessions` and
    // the running rows it skips (the totals to M + 1, built without the new session) are
    // subtracted again by the next run of the month (M + 2 minus M + 1).
    await insertSession(s.key.workspaceId, s.siteId, {
      startedAt: s.m + DAY + 6 * HOUR,
      entryUrl: "/c",
      platform: "claude",
    });
    const [overview, sources] = await ask(s);
    expect(overviewPages(overview)).toEqual([
      ["/a", 3],
      ["/c", 3],
      ["/b", 1],
    ]);
    expect(sourcesPages(sources)).toEqual([
      ["/a", 4],
      ["/c", 4],
      ["/b", 2],
    ]);
    await rollUp(s.siteId, s.m + DAY);
    expect(await ask(s)).toEqual([overview, sources]);
  });

  it("are backfilled by their migration with what the rollup builds", async () => {
    const s = await seed("running-days-backfill.example");
    await rollUp(s.siteId, ...s.days);
    const built = await runningRows(s.siteId);
    expect(built.length).toBeGreaterThan(10);
    // A shard whose days were aggregated before the table existed: only the migration's
    // backfill statement fills it, from entry_page_totals_daily.
    const backfill = migrations.migrations.m0010
      .split("--> statement-breakpoint")
      .map((x: string) => x.trim())
      .find((x: string) => x.includes("INSERT INTO `entry_page_running_daily`"));
    expect(backfill).toBeDefined();
    await inShard(env.ANALYTICS_SHARD, s.siteId, async (db) => {
      await db.prepare("DELETE FROM entry_page_running_daily").run();
      await db.prepare(backfill as string).run();
    });
    expect(await runningRows(s.siteId)).toEqual(built);
  });
});
