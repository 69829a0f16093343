import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { medianDurationMs } from "../../shared/reports/median-duration";
import { readPlan } from "../../shared/reports/read-plan";
import { rebuildDay } from "../../shared/sessions/settle";

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 9, 1);
const DAYS = 4;

/** Agent sessions over DAYS days, durations (i × 7919) mod 125,000 ms (13 buckets), and humans. */
async function seed(siteId: string) {
  await env.ANALYTICS.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?2)
     INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
       event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
       reached_purchase, outcome, bounced, settled_at, dirty)
     SELECT ?3 || '-' || i, 'ws', ?3, 'v' || (i % 97), strftime('%Y-%m-%d', (?1 + i * 10000) / 1000, 'unixepoch'),
       ?1 + i * 10000, ?1 + i * 10000 + (i * 7919) % 125000, (i * 7919) % 125000, 1, 1, 0, '/', '/',
       CASE WHEN i % 5 = 0 THEN NULL ELSE 'claude' END, '[]', 'direct', 0, 0, 'not_attempted', 1, ?1, 1 FROM n`,
  )
    .bind(D0, (DAYS * DAY) / 10_000, siteId)
    .run();
  // On the tests' clock (the reports' `now`), so the hourly rows are inside their retention.
  for (let d = 0; d < DAYS; d++)
    await rebuildDay(env.ANALYTICS, siteId, new Date(D0 + d * DAY).toISOString().slice(0, 10), D0 + DAYS * DAY);
}

/** The median by definition, from every agent session of the window. */
async function expected(siteId: string, start: number, end: number): Promise<{ count: number; median: number }> {
  const { results } = await env.ANALYTICS.prepare(
    "SELECT duration_ms AS d FROM sessions WHERE site_id = ? AND started_at >= ? AND started_at < ? AND agent_platform IS NOT NULL ORDER BY d",
  )
    .bind(siteId, start, end)
    .all<{ d: number }>();
  const values = results.map((r) => r.d);
  const mid = Math.floor((values.length - 1) / 2);
  const median = values.length % 2 === 1 ? values[mid] : Math.round((values[mid] + values[mid + 1]) / 2);
  return { count: values.length, median };
}

describe("median duration through the duration histogram (agent_durations_daily, agent_durations_hourly)", () => {
  it("finds the exact median of a long window, odd and even counts, with aggregate days and hours, live edges and a stale day", async () => {
    const site = "median-buckets";
    await seed(site);
    // A day changed since its rebuild: read live, not from the histogram.
    await env.ANALYTICS.prepare(
      "UPDATE sessions SET dirty = 1 WHERE site_id = ? AND day = '2026-10-03' AND rowid % 7 = 0",
    )
      .bind(site)
      .run();
    const now = D0 + DAYS * DAY;
    const parities = new Set<number>();
    for (const start of [D0 + 3_600_000, D0 + 3_600_000 + 10_000, D0 + 7 * 3_600_000 + 20_000]) {
      const end = now - 5 * 3_600_000;
      const plan = await readPlan(env.ANALYTICS, site, { period: "custom", start, end }, now);
      expect(plan.days?.exclude).toEqual(["2026-10-03"]);
      expect(plan.live.length).toBeGreaterThan(0);
      expect(plan.hours.length).toBeGreaterThan(0);
      const { count, median } = await expected(site, start, end);
      expect(count).toBeGreaterThan(20_000);
      parities.add(count % 2);
      expect(await medianDurationMs(env.ANALYTICS, site, start, end, count, plan)).toBe(median);
      // The same answer as the walk from the shortest session.
      expect(await medianDurationMs(env.ANALYTICS, site, start, end, count)).toBe(median);
    }
    expect([...parities].sort()).toEqual([0, 1]);
    // Seeding and rebuilding 34,560 sessions: seconds on a loaded machine.
  }, 60_000);

  it("gives the walk's answer when the histogram counts another number of sessions than it was told", async () => {
    const site = "median-buckets";
    const start = D0;
    const end = D0 + DAYS * DAY;
    const plan = await readPlan(env.ANALYTICS, site, { period: "custom", start, end }, end);
    const { count, median } = await expected(site, start, end);
    // One agent session more than counted: the bucket search gives up, the answer stays exact
    // for the count the caller read (the walk takes the middle of `count`).
    const walked = await medianDurationMs(env.ANALYTICS, site, start, end, count);
    expect(await medianDurationMs(env.ANALYTICS, site, start, end, count + 1, plan)).toBe(
      await medianDurationMs(env.ANALYTICS, site, start, end, count + 1),
    );
    expect(walked).toBe(median);
  });
});

describe("median duration from the middle buckets' sessions (sessions_agent_bucket_idx)", () => {
  it("takes the two middle values from adjacent buckets when they straddle a bucket floor", async () => {
    const site = "median-straddle";
    const day = Date.UTC(2026, 9, 20);
    const hour = 3_600_000;
    // 1,200 agent sessions every 10 s from 03:00, lasting 9 s (bucket 0) and 12 s
    // (bucket 1) in turn: the middle pair is 9 s and 12 s, the median 10.5 s.
    await env.ANALYTICS.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 1200)
       INSERT INTO sessions (id, workspace_id, site_id, visitor_hash, day, started_at, last_event_at, duration_ms, page_count,
         event_count, interaction_count, entry_url, exit_url, agent_platform, detection_signals, source, reached_cart,
         reached_purchase, outcome, bounced, settled_at, dirty)
       SELECT ?2 || '-' || i, 'ws', ?2, 'v', '2026-10-20', ?1 + i * 10000, ?1 + i * 10000 + 9000 + (i % 2) * 3000,
         9000 + (i % 2) * 3000, 1, 1, 0, '/', '/', 'claude', '[]', 'direct', 0, 0, 'not_attempted', 0, ?1, 0 FROM n`,
    )
      .bind(day + 3 * hour, site)
      .run();
    const now = day + 2 * DAY;
    await rebuildDay(env.ANALYTICS, site, "2026-10-20", now);
    const start = day + 2 * hour + 1;
    const plan = await readPlan(env.ANALYTICS, site, { period: "custom", start, end: day + 7 * hour + 1 }, now);
    expect(plan.hours).toEqual([[day + 3 * hour, day + 7 * hour]]);
    expect(await medianDurationMs(env.ANALYTICS, site, start, day + 7 * hour + 1, 1200, plan)).toBe(10_500);
    // Without the last session (12 s, at 06:19:50, in the live part of the window):
    // 1,199 sessions, the middle one alone, the last of bucket 0.
    const end = day + 3 * hour + 11_990_000;
    const shorter = await readPlan(env.ANALYTICS, site, { period: "custom", start, end }, now);
    expect(shorter.live).toContainEqual([day + 6 * hour, end]);
    expect(await medianDurationMs(env.ANALYTICS, site, start, end, 1199, shorter)).toBe(9_000);
  });
});
