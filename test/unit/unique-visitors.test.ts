import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readPlan } from "../../shared/reports/read-plan";
import { dayVisitors, uniqueVisitors } from "../../shared/reports/unique-visitors";
import { rebuildDay } from "../../shared/sessions/settle";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const D0 = Date.UTC(2026, 9, 10);
const NOW = D0 + 3 * DAY + 14 * HOUR + 20 * MINUTE;

/**
 * A session every 7 minutes from D0 to NOW (3 days and 14 h), 41 visitor hashes reused
 * across hours and days, agent sessions two in three; every session settled and rolled up.
 */
async function seed(siteId: string) {
  await env.ANALYTICS.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?2)
     INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
       event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
       reached_purchase, outcome, bounced, settled_at, dirty)
     SELECT ?3 || '-' || i, 'ws', ?3, 'v' || ((i * 17) % 41), strftime('%Y-%m-%d', (?1 + i * 420000) / 1000, 'unixepoch'),
       ?1 + i * 420000, ?1 + i * 420000 + 90000, 90000, 1, 1, 0, '/', '/',
       CASE WHEN i % 3 = 0 THEN NULL ELSE 'claude' END, '[]', 'direct', 0, 0, 'not_attempted', 1, ?1, 0 FROM n`,
  )
    .bind(D0, Math.floor((NOW - D0) / 420_000), siteId)
    .run();
  for (let d = 0; d <= 3; d++)
    await rebuildDay(env.ANALYTICS, siteId, new Date(D0 + d * DAY).toISOString().slice(0, 10), NOW);
}

/** The definition: each UTC day's distinct hashes among the window's sessions, summed. */
async function bySessions(siteId: string, start: number, end: number, agents: boolean): Promise<number> {
  const row = await env.ANALYTICS.prepare(
    `SELECT coalesce(sum(n), 0) AS n FROM (SELECT count(DISTINCT visitor_hash) AS n FROM sessions
     WHERE site_id = ? AND started_at >= ? AND started_at < ? ${agents ? "AND agent_platform IS NOT NULL" : ""} GROUP BY day)`,
  )
    .bind(siteId, start, end)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function expectExact(siteId: string, windows: Array<[number, number]>) {
  for (const [start, end] of windows) {
    const plan = await readPlan(env.ANALYTICS, siteId, { period: "custom", start, end }, NOW);
    for (const population of ["agents", "all"] as const)
      expect([start, end, population, await uniqueVisitors(env.ANALYTICS, siteId, plan, population)]).toEqual([
        start,
        end,
        population,
        await bySessions(siteId, start, end, population === "agents"),
      ]);
  }
}

// Edges inside hours and days; whole days; a window inside one day; the 24 h before NOW and its previous period.
const WINDOWS: Array<[number, number]> = [
  [D0 + 5 * HOUR + 13 * MINUTE, NOW],
  [D0 + 22 * HOUR + 40 * MINUTE, D0 + 2 * DAY + 3 * HOUR + 10 * MINUTE],
  [D0 + DAY, D0 + 3 * DAY],
  [D0 + DAY + 4 * HOUR + 30 * MINUTE, D0 + DAY + 9 * HOUR + 5 * MINUTE],
  [NOW - DAY, NOW],
  [NOW - 2 * DAY, NOW - DAY],
];

describe("unique visitors from visitors_hourly's first and last counts", () => {
  it("equal the per-day distinct hashes of the window's sessions, after the rollup and after sessions changed since", async () => {
    const site = "visitors-edges";
    await seed(site);
    await expectExact(site, WINDOWS);
    // The plan reads the edge days from visitors_hourly: a window whose edge hours are
    // partial reads its first/last counts, not every session of the edge days.
    const plan = await readPlan(env.ANALYTICS, site, { period: "custom", start: NOW - DAY, end: NOW }, NOW);
    expect(plan.hours.length).toBeGreaterThan(0);

    // After the rollup: a returning visitor in an earlier hour (dirty, so its hour is
    // read live), a new one, an open session in the current hour, and a day a late
    // event moved a session away from (stale_days: the whole day live).
    const add = (id: string, at: number, visitor: string, agent: boolean, settled = true) =>
      env.ANALYTICS.prepare(
        `INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
           event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
           reached_purchase, outcome, bounced, settled_at, dirty)
         VALUES (?, 'ws', ?, ?, ?, ?, ?, 0, 1, 1, 0, '/', '/', ?, '[]', 'direct', 0, 0, ?, 1, ?, 1)`,
      )
        .bind(
          id,
          site,
          visitor,
          new Date(at).toISOString().slice(0, 10),
          at,
          at,
          agent ? "gemini" : null,
          settled ? "not_attempted" : null,
          settled ? at : null,
        )
        .run();
    await add("late-1", D0 + 3 * DAY + 2 * HOUR + 5 * MINUTE, "v3", true);
    await add("late-2", D0 + 2 * DAY + 1 * HOUR + 1 * MINUTE, "new-visitor", true);
    await add("late-3", D0 + 2 * DAY + 23 * HOUR + 59 * MINUTE, "v7", false);
    await add("open-1", NOW - 5 * MINUTE, "v11", true, false);
    await env.ANALYTICS.prepare("INSERT INTO stale_days (site_id, day) VALUES (?, ?)")
      .bind(site, new Date(D0 + DAY).toISOString().slice(0, 10))
      .run();
    await expectExact(site, WINDOWS);
  }, 60_000);
});

describe("dayVisitors", () => {
  const d = D0;
  it("sums first counts over a day's leading aggregate hours and reads the rest for hashes not seen in them", () => {
    expect(
      dayVisitors([
        { start: d, end: d + 5 * HOUR, hourly: true },
        { start: d + 5 * HOUR, end: d + 6 * HOUR, hourly: false },
        { start: d + 6 * HOUR, end: d + 9 * HOUR, hourly: true },
        { start: d + 9 * HOUR, end: d + 9 * HOUR + 30 * MINUTE, hourly: false },
      ]),
    ).toEqual([
      { kind: "first", start: d, end: d + 5 * HOUR },
      { kind: "sessions", start: d + 5 * HOUR, end: d + 9 * HOUR + 30 * MINUTE, unseenIn: [d, d + 5 * HOUR] },
    ]);
  });

  it("sums last counts over a day's trailing aggregate hours when the window starts inside the day", () => {
    expect(
      dayVisitors([
        { start: d + 20 * MINUTE, end: d + HOUR, hourly: false },
        { start: d + HOUR, end: d + DAY, hourly: true },
      ]),
    ).toEqual([
      { kind: "last", start: d + HOUR, end: d + DAY },
      { kind: "sessions", start: d + 20 * MINUTE, end: d + HOUR, unseenIn: [d + HOUR, d + DAY] },
    ]);
  });

  it("reads sessions alone for a window inside one day, and sums alone for a day of aggregate hours", () => {
    expect(
      dayVisitors([
        { start: d + 20 * MINUTE, end: d + HOUR, hourly: false },
        { start: d + HOUR, end: d + 3 * HOUR, hourly: true },
      ]),
    ).toEqual([{ kind: "sessions", start: d + 20 * MINUTE, end: d + 3 * HOUR, unseenIn: null }]);
    expect(dayVisitors([{ start: d, end: d + DAY, hourly: true }])).toEqual([
      { kind: "first", start: d, end: d + DAY },
    ]);
  });
});
