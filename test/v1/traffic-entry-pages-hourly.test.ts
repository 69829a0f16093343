import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inShard } from "../helpers/shard";
import {
  DAY,
  freshKey,
  getJson,
  HOUR,
  humanPages,
  insertSession,
  MINUTE,
  overviewPages,
  type Pages,
  rollUp,
  seedSite,
  sourcesPages,
  todayStart,
  windowQuery,
} from "./traffic-fixtures";

// Top pages of windows without whole days (issue 29): the whole hours of a partial day
// come from the day's running totals per page (entry_page_running_hourly: the row at the
// range's last hour minus the row at the hour before its first), the partial hours from
// `sessions`. Every answer is asked before the rollup (all from `sessions`) and after it,
// with the previous period, and checked against counts made by hand.

// Past UTC days d1, d2, d3; the window W = [d2 06:30, d3 06:30) (24 hours, both ends
// inside an hour), its previous window P = [d1 06:30, d2 06:30).
//
// start        page  agent  in     read from (after rollup)
// d1 02:00     /a    yes    -      (d1 before P: under the subtracted running row of 05:00)
// d1 06:10     /a    no     -      (before P, in P's partial first hour)
// d1 06:45     /b    yes    P      sessions (partial hour)
// d1 09:00     /a    yes    P      running rows of d1: 23:00 minus 06:00
// d1 23:00     /c    no     P      running rows of d1
// d2 03:00     /b    yes    P      running rows of d2: 05:00
// d2 05:00     /a    no     P      running rows of d2: 05:00
// d2 06:15     /c    yes    P      sessions (the hour both windows cut)
// d2 06:40     /d    yes    W      sessions (same hour)
// d2 08:00     /a    yes    W      running rows of d2: 23:00 minus 06:00
// d2 08:30     /a    yes    W      running rows of d2
// d2 12:00     /b    no     W      running rows of d2
// d2 23:59     /c    yes    W      running rows of d2
// d3 00:00     /c    no     W      running rows of d3: 05:00
// d3 04:00     /a    yes    W      running rows of d3
// d3 06:20     /d    no     W      sessions (partial last hour)
// d3 06:40     /a    yes    -      (after W)
async function seed(domain: string) {
  const key = await freshKey();
  const siteId = await seedSite(key.workspaceId, domain);
  const d1 = todayStart() - 4 * DAY;
  const d2 = d1 + DAY;
  const d3 = d2 + DAY;
  const rows: Array<[number, string, boolean]> = [
    [d1 + 2 * HOUR, "/a", true],
    [d1 + 6 * HOUR + 10 * MINUTE, "/a", false],
    [d1 + 6 * HOUR + 45 * MINUTE, "/b", true],
    [d1 + 9 * HOUR, "/a", true],
    [d1 + 23 * HOUR, "/c", false],
    [d2 + 3 * HOUR, "/b", true],
    [d2 + 5 * HOUR, "/a", false],
    [d2 + 6 * HOUR + 15 * MINUTE, "/c", true],
    [d2 + 6 * HOUR + 40 * MINUTE, "/d", true],
    [d2 + 8 * HOUR, "/a", true],
    [d2 + 8 * HOUR + 30 * MINUTE, "/a", true],
    [d2 + 12 * HOUR, "/b", false],
    [d2 + 23 * HOUR + 59 * MINUTE, "/c", true],
    [d3, "/c", false],
    [d3 + 4 * HOUR, "/a", true],
    [d3 + 6 * HOUR + 20 * MINUTE, "/d", false],
    [d3 + 6 * HOUR + 40 * MINUTE, "/a", true],
  ];
  for (const [startedAt, entryUrl, agent] of rows)
    await insertSession(key.workspaceId, siteId, { startedAt, entryUrl, platform: agent ? "chatgpt" : null });
  const w = windowQuery(domain, d2 + 6 * HOUR + 30 * MINUTE, d3 + 6 * HOUR + 30 * MINUTE);
  return { key, siteId, d1, d2, d3, w };
}

describe("top pages of windows whose edges cut hours, from the running totals per page", () => {
  it("answer the same before and after the rollup, with the previous period, counted by hand", async () => {
    const s = await seed("running-pages.example");
    const ask = async () => [
      await getJson<Pages>(s.key, `/traffic/overview${s.w}&compare=previous`),
      await getJson<Pages>(s.key, `/traffic/sources${s.w}&compare=previous`),
    ];
    const before = await ask();
    await rollUp(s.siteId, s.d1, s.d2, s.d3);
    const [overview, sources] = await ask();
    expect([overview, sources]).toEqual(before);
    // Agent sessions in W: /a 08:00, 08:30, d3 04:00; /c 23:59; /d 06:40.
    expect(overviewPages(overview)).toEqual([
      ["/a", 3],
      ["/c", 1],
      ["/d", 1],
    ]);
    // In P: /b d1 06:45, d2 03:00; /a d1 09:00; /c d2 06:15.
    expect(overviewPages(overview.previous ?? {})).toEqual([
      ["/b", 2],
      ["/a", 1],
      ["/c", 1],
    ]);
    // All sessions in W: /a 3, /c 2 (23:59, d3 00:00), /d 2 (06:40, d3 06:20), /b 1.
    expect(sourcesPages(sources)).toEqual([
      ["/a", 3],
      ["/c", 2],
      ["/d", 2],
      ["/b", 1],
    ]);
    // All in P: /a d1 09:00, d2 05:00; /b 2; /c d1 23:00, d2 06:15.
    expect(sourcesPages(sources.previous ?? {})).toEqual([
      ["/a", 2],
      ["/b", 2],
      ["/c", 2],
    ]);
    // People's entry pages (the running rows' sessions less their agent_sessions): in W
    // d2 12:00 /b, d3 00:00 /c, d3 06:20 /d, one each (ties by URL); in P d1 23:00 /c and
    // d2 05:00 /a (d1 06:10 /a is before P).
    expect(humanPages(sources)).toEqual([
      ["/b", 1],
      ["/c", 1],
      ["/d", 1],
    ]);
    expect(humanPages(sources.previous ?? {})).toEqual([
      ["/a", 1],
      ["/c", 1],
    ]);
  });

  it("reads the whole hours from the running rows: sessions removed behind their back still count there", async () => {
    const s = await seed("running-proof.example");
    await rollUp(s.siteId, s.d1, s.d2, s.d3);
    await inShard(env.ANALYTICS_SHARD, s.siteId, (db) =>
      db.prepare("DELETE FROM sessions WHERE site_id = ? AND agent_platform IS NULL").bind(s.siteId).run(),
    );
    const sources = await getJson<Pages>(s.key, `/traffic/sources${s.w}&compare=previous`);
    // d2 12:00 /b and d3 00:00 /c stay counted by the running rows; d3 06:20 /d (a
    // partial hour) is gone.
    expect(sourcesPages(sources)).toEqual([
      ["/a", 3],
      ["/c", 2],
      ["/b", 1],
      ["/d", 1],
    ]);
    // P: d1 23:00 /c and d2 05:00 /a stay (running rows of d1 and d2).
    expect(sourcesPages(sources.previous ?? {})).toEqual([
      ["/a", 2],
      ["/b", 2],
      ["/c", 2],
    ]);
  });

  it("splits Kolkata's days inside a UTC hour: the same top pages before and after the rollup", async () => {
    // Daily buckets (an hourly series in a :30 zone cuts every UTC hour, all read live).
    // d: a UTC midnight 6 days ago. Local midnight of d's date is d - 5:30 (18:30 UTC the
    // day before), the next one m = that + 24 h: both fall inside the UTC hour 18:00.
    const d = todayStart() - 6 * DAY;
    const from = d - 330 * MINUTE;
    const m = from + DAY;
    const key = await freshKey();
    const domain = "running-kolkata.example";
    const siteId = await seedSite(key.workspaceId, domain);
    const rows: Array<[number, string]> = [
      [from - DAY + 2 * HOUR, "/c"], // the previous two local days
      [from - MINUTE, "/x"], // just before the window, same UTC hour as its start
      [from + 10 * MINUTE, "/a"],
      [d - 4 * HOUR, "/b"], // 20:00 UTC the day before d
      [d + 3 * HOUR, "/a"],
      [m - MINUTE, "/c"], // local 23:59 of day 1
      [m, "/a"], // local 00:00 of day 2, the same UTC hour
      [d + 22 * HOUR, "/b"],
      [d + DAY + 10 * HOUR, "/c"],
      [from + 2 * DAY + 5 * MINUTE, "/x"], // just after the window
    ];
    for (const [startedAt, entryUrl] of rows)
      await insertSession(key.workspaceId, siteId, { startedAt, entryUrl, platform: "chatgpt" });
    const path = `/traffic/overview${windowQuery(domain, from, from + 2 * DAY)}&timezone=Asia/Kolkata&interval=day&compare=previous`;
    const before = await getJson<Pages>(key, path);
    await rollUp(siteId, d - 2 * DAY, d - DAY, d, d + DAY);
    const after = await getJson<Pages>(key, path);
    expect(after).toEqual(before);
    expect(overviewPages(after)).toEqual([
      ["/a", 3],
      ["/b", 2],
      ["/c", 2],
    ]);
    expect(overviewPages(after.previous ?? {})).toEqual([
      ["/c", 1],
      ["/x", 1],
    ]);
  });
});
