import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { installStatus } from "../../shared/sessions/install-status";
import { type JourneyEvent, journeyPages, topInteractions } from "../../shared/sessions/journey";
import { CANDIDATE_SESSIONS, rollupBatch } from "../../shared/sessions/rollup";
import { settleSessions } from "../../shared/sessions/settle";
import { inShard } from "../helpers/shard";
import { message } from "./helpers";

// Each test runs inside an AnalyticsShard, on the shard's own SQLite, as the consumer
// and the shard alarm run these functions.
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const MIN = 60_000;

async function sessions(db: D1Database, siteId: string) {
  const { results } = await db
    .prepare("SELECT * FROM sessions WHERE site_id = ? ORDER BY started_at")
    .bind(siteId)
    .all<Record<string, unknown>>();
  return results;
}

describe("session rollup (queue consumer)", () => {
  it("finds a visitor's open sessions through the visitor index, not by scanning the site's earlier sessions", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-plan", async (db) => {
      const { results } = await db
        .prepare(`EXPLAIN QUERY PLAN ${CANDIDATE_SESSIONS}`)
        .bind("s-plan", JSON.stringify(["h1", "h2"]), T0, T0 + MIN)
        .all<{ detail: string }>();
      expect(results.map((r) => r.detail).join("\n")).toMatch(
        /USING INDEX sessions_site_visitor_idx \(site_id=\? AND visitor_hash=\? AND last_event_at>\?\)/,
      );
    }));

  it("continues a session for a gap under 30 minutes and starts a new one at exactly 30", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-1", async (db) => {
      const site = "s-gap";
      await rollupBatch(db, [
        message({ id: "g1", siteId: site, occurredAt: T0, url: "/a" }),
        message({ id: "g2", siteId: site, occurredAt: T0 + 30 * MIN - 1000, url: "/b" }),
      ]);
      await rollupBatch(db, [message({ id: "g3", siteId: site, occurredAt: T0 + 60 * MIN - 1000, url: "/c" })]);
      const rows = await sessions(db, site);
      expect(rows.map((r) => [r.entry_url, r.exit_url, r.page_count, r.duration_ms])).toEqual([
        ["/a", "/b", 2, 30 * MIN - 1000],
        ["/c", "/c", 1, 0],
      ]);
    }));

  it("counts nothing twice when a batch is redelivered, and stores each event once with its session", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-2", async (db) => {
      const site = "s-redeliver";
      const batch = [
        message({ id: "r1", siteId: site, occurredAt: T0 }),
        message({ id: "r2", siteId: site, occurredAt: T0 + MIN, kind: "add_to_cart", target: "Blue mug" }),
      ];
      const first = await rollupBatch(db, batch);
      const second = await rollupBatch(db, [...batch, batch[0]]);
      expect(first).toMatchObject({ stored: 2, duplicates: 0 });
      expect(second).toMatchObject({ stored: 0, duplicates: 2 });
      const rows = await sessions(db, site);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ event_count: 2, page_count: 1, interaction_count: 1, reached_cart: 1 });
      const events = await db
        .prepare("SELECT session_id FROM ingest_events WHERE site_id = ?")
        .bind(site)
        .all<{ session_id: string }>();
      expect(events.results.map((e) => e.session_id)).toEqual([rows[0].id, rows[0].id]);
    }));

  it("keeps visitors apart and finds a session across midnight through the previous day's hash", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-3", async (db) => {
      const site = "s-midnight";
      const before = Date.UTC(2026, 10, 20, 23, 50);
      await rollupBatch(db, [
        message({ id: "m1", siteId: site, occurredAt: before, visitorHash: "day1-hash" }),
        message({ id: "m2", siteId: site, occurredAt: before + MIN, visitorHash: "someone-else" }),
      ]);
      // After midnight the visitor hashes differently; the message also carries the hash
      // under yesterday's salt, which names the open session.
      await rollupBatch(db, [
        message({
          id: "m3",
          siteId: site,
          occurredAt: before + 15 * MIN,
          visitorHash: "day2-hash",
          altVisitorHash: "day1-hash",
        }),
      ]);
      const rows = await sessions(db, site);
      expect(rows.map((r) => [r.visitor_hash, r.event_count, r.day])).toEqual([
        ["day1-hash", 2, "2026-11-20"],
        ["someone-else", 1, "2026-11-20"],
      ]);
    }));

  it("lets an event outside the site's coverage continue a session but never start one", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-4", async (db) => {
      const site = "s-coverage";
      const result = await rollupBatch(db, [
        message({ id: "c1", siteId: site, occurredAt: T0, mayStartSession: false }),
      ]);
      expect(result.skipped).toBe(1);
      await rollupBatch(db, [
        message({ id: "c2", siteId: site, occurredAt: T0 + MIN, source: "tagged", subSource: "newsletter" }),
        message({ id: "c3", siteId: site, occurredAt: T0 + 2 * MIN, mayStartSession: false, url: "/next" }),
      ]);
      const rows = await sessions(db, site);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: "tagged", event_count: 2, exit_url: "/next" });
    }));

  it("does not start a session from a lone page leave", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-5", async (db) => {
      const site = "s-leave";
      await rollupBatch(db, [message({ id: "lv1", siteId: site, occurredAt: T0, url: "/a" })]);
      const late = await rollupBatch(db, [
        message({ id: "lv2", siteId: site, occurredAt: T0 + 45 * MIN, kind: "leave", durationMs: 45 * MIN, url: "/a" }),
      ]);
      expect(late.skipped).toBe(1);
      expect(await sessions(db, site)).toHaveLength(1);
    }));

  it("keeps the strongest verification tier and the union of detection signals", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-6", async (db) => {
      const site = "s-tier";
      const agent = { platform: "chatgpt", purpose: "user_action" as const, confidence: 0.6 };
      await rollupBatch(db, [
        message({
          id: "t1",
          siteId: site,
          occurredAt: T0,
          ...agent,
          tier: "declared",
          signals: ["declared_user_agent"],
        }),
        message({
          id: "t2",
          siteId: site,
          occurredAt: T0 + MIN,
          ...agent,
          tier: "verified",
          confidence: 0.99,
          signals: ["signature_verified"],
        }),
        message({
          id: "t3",
          siteId: site,
          occurredAt: T0 + 2 * MIN,
          ...agent,
          tier: "declared",
          signals: ["declared_user_agent"],
        }),
      ]);
      const [row] = await sessions(db, site);
      expect(row).toMatchObject({
        tier: "verified",
        agent_confidence: 0.99,
        detection_signals: '["declared_user_agent","signature_verified"]',
      });
    }));
});

describe("session-end rollup (cron)", () => {
  it("settles outcome and bounce only 30 minutes after the last event, and rebuilds daily aggregates idempotently", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-7", async (db) => {
      const site = "s-settle";
      const day = T0 + 24 * 60 * MIN; // 2026-11-21, a day no other test uses for this site
      const chat = {
        platform: "chatgpt",
        purpose: "user_action" as const,
        tier: "declared" as const,
        source: "ai_assistant_session" as const,
        subSource: "chatgpt",
      };
      await rollupBatch(db, [
        // A: agent, product → cart → thank-you page: completed.
        message({ id: "a1", siteId: site, visitorHash: "A", occurredAt: day, url: "/p/1", ...chat }),
        message({
          id: "a2",
          siteId: site,
          visitorHash: "A",
          occurredAt: day + MIN,
          kind: "add_to_cart",
          url: "/p/1",
          ...chat,
        }),
        message({
          id: "a3",
          siteId: site,
          visitorHash: "A",
          occurredAt: day + 3 * MIN,
          url: "/checkout/order-received/77/",
          ...chat,
        }),
        // B: agent, begins checkout and leaves: abandoned.
        message({ id: "b1", siteId: site, visitorHash: "B", occurredAt: day + 2 * MIN, url: "/p/2", ...chat }),
        message({
          id: "b2",
          siteId: site,
          visitorHash: "B",
          occurredAt: day + 4 * MIN,
          kind: "begin_checkout",
          url: "/p/2",
          ...chat,
        }),
        // C: human, one page: not_attempted and bounced.
        message({
          id: "c1",
          siteId: site,
          visitorHash: "C",
          occurredAt: day + 5 * MIN,
          url: "/p/1",
          source: "search",
          subSource: "google.com",
          referrerHost: "google.com",
        }),
        // D: same human visitor C, a second session later that day, two pages: not bounced.
        message({ id: "d1", siteId: site, visitorHash: "C", occurredAt: day + 60 * MIN, url: "/" }),
        message({ id: "d2", siteId: site, visitorHash: "C", occurredAt: day + 62 * MIN, url: "/p/3" }),
      ]);
      // 30 minutes after D's last event minus one ms: A, B, C are over, D is not.
      await settleSessions(db, day + 92 * MIN - 1);
      let rows = await sessions(db, site);
      expect(rows.map((r) => [r.entry_url, r.outcome, r.bounced])).toEqual([
        ["/p/1", "completed", 0],
        ["/p/2", "abandoned", 0],
        ["/p/1", "not_attempted", 1],
        ["/", null, null],
      ]);
      await settleSessions(db, day + 92 * MIN);
      await settleSessions(db, day + 93 * MIN);
      rows = await sessions(db, site);
      expect(rows[3]).toMatchObject({ outcome: "not_attempted", bounced: 0, dirty: 0 });

      const traffic = await db
        .prepare(
          "SELECT agent_platform, source, outcome, sessions, bounces, duration_ms_total, page_count_total FROM traffic_daily WHERE site_id = ? AND day = '2026-11-21' ORDER BY agent_platform, outcome, source",
        )
        .bind(site)
        .all();
      // By hand: A lasted 3 min with 2 page views; B 2 min, 1 page; C 0 min, 1 page; D 2 min, 2 pages.
      expect(traffic.results).toEqual([
        {
          agent_platform: "",
          source: "direct",
          outcome: "not_attempted",
          sessions: 1,
          bounces: 0,
          duration_ms_total: 2 * MIN,
          page_count_total: 2,
        },
        {
          agent_platform: "",
          source: "search",
          outcome: "not_attempted",
          sessions: 1,
          bounces: 1,
          duration_ms_total: 0,
          page_count_total: 1,
        },
        {
          agent_platform: "chatgpt",
          source: "ai_assistant_session",
          outcome: "abandoned",
          sessions: 1,
          bounces: 0,
          duration_ms_total: 2 * MIN,
          page_count_total: 1,
        },
        {
          agent_platform: "chatgpt",
          source: "ai_assistant_session",
          outcome: "completed",
          sessions: 1,
          bounces: 0,
          duration_ms_total: 3 * MIN,
          page_count_total: 2,
        },
      ]);
      const visitors = await db
        .prepare("SELECT visitors, agent_visitors FROM visitors_daily WHERE site_id = ?")
        .bind(site)
        .first();
      expect(visitors).toEqual({ visitors: 3, agent_visitors: 2 });
      const entries = await db
        .prepare(
          "SELECT entry_url, sum(sessions) AS n FROM entry_pages_daily WHERE site_id = ? GROUP BY entry_url ORDER BY entry_url",
        )
        .bind(site)
        .all();
      expect(entries.results).toEqual([
        { entry_url: "/", n: 1 },
        { entry_url: "/p/1", n: 2 },
        { entry_url: "/p/2", n: 1 },
      ]);
    }));

  it("reopens a settled session when a late event arrives and settles it again", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-8", async (db) => {
      const site = "s-late";
      await rollupBatch(db, [message({ id: "l1", siteId: site, occurredAt: T0, url: "/p" })]);
      await settleSessions(db, T0 + 31 * MIN);
      expect((await sessions(db, site))[0]).toMatchObject({ outcome: "not_attempted", bounced: 1 });
      await rollupBatch(db, [
        message({ id: "l2", siteId: site, occurredAt: T0 + 5 * MIN, kind: "purchase", url: "/p" }),
      ]);
      expect((await sessions(db, site))[0]).toMatchObject({ outcome: null, settled_at: null, event_count: 2 });
      await settleSessions(db, T0 + 40 * MIN);
      expect((await sessions(db, site))[0]).toMatchObject({ outcome: "completed", bounced: 0 });
    }));

  it("moves a session's aggregates to the earlier day when a late event carries its start across midnight", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-9", async (db) => {
      const site = "s-late-midnight";
      const midnight = Date.UTC(2026, 10, 21);
      const dailyCount = async (day: string) =>
        (
          await db
            .prepare("SELECT coalesce(sum(sessions), 0) AS n FROM traffic_daily WHERE site_id = ? AND day = ?")
            .bind(site, day)
            .first<{ n: number }>()
        )?.n;
      await rollupBatch(db, [
        message({ id: "late-midnight-1", siteId: site, occurredAt: midnight + 5 * MIN, url: "/b" }),
      ]);
      await settleSessions(db, midnight + 40 * MIN);
      expect(await dailyCount("2026-11-21"), "before the late event").toBe(1);
      // Delivered late: an earlier page view of the same visit, ten minutes before midnight.
      await rollupBatch(db, [
        message({ id: "late-midnight-0", siteId: site, occurredAt: midnight - 10 * MIN, url: "/a" }),
      ]);
      expect((await sessions(db, site))[0]).toMatchObject({ day: "2026-11-20", entry_url: "/a", page_count: 2 });
      await settleSessions(db, midnight + 60 * MIN);
      // One session in all: counted on the day it now starts, and no longer on the old day.
      expect(await sessions(db, site)).toHaveLength(1);
      expect(await dailyCount("2026-11-20"), "new day").toBe(1);
      expect(await dailyCount("2026-11-21"), "old day").toBe(0);
      const left = await db.prepare("SELECT count(*) AS n FROM stale_days WHERE site_id = ?").bind(site).first();
      expect(left).toEqual({ n: 0 });
    }));

  it("marks the day stale when a late event moves a session's start to an earlier hour of the same day", () =>
    inShard(env.ANALYTICS_SHARD, "sessions-test-10", async (db) => {
      const site = "s-late-hour";
      const ten = Date.UTC(2026, 10, 21, 10);
      const hourly = async () =>
        (
          await db
            .prepare("SELECT hour, sessions FROM traffic_hourly WHERE site_id = ? ORDER BY hour")
            .bind(site)
            .all<{ hour: number; sessions: number }>()
        ).results;
      await rollupBatch(db, [message({ id: "late-hour-1", siteId: site, occurredAt: ten + 5 * MIN, url: "/b" })]);
      await settleSessions(db, ten + 40 * MIN);
      expect(await hourly(), "before the late event").toEqual([{ hour: ten, sessions: 1 }]);
      // Delivered late: a page view of the same visit ten minutes before 10:00.
      await rollupBatch(db, [message({ id: "late-hour-0", siteId: site, occurredAt: ten - 10 * MIN, url: "/a" })]);
      // 10:00's row still counts the session that now starts at 09:50: its day is marked.
      const stale = await db.prepare("SELECT day FROM stale_days WHERE site_id = ?").bind(site).all();
      expect(stale.results).toEqual([{ day: "2026-11-21" }]);
      await settleSessions(db, ten + 60 * MIN);
      expect(await hourly(), "after the rebuild").toEqual([{ hour: ten - 60 * MIN, sessions: 1 }]);
    }));
});

describe("install status (docs/decisions.md#6-install-check)", () => {
  const now = Date.UTC(2026, 10, 21, 12);
  it("moves through awaiting, receiving, stale and rejected", () => {
    expect(installStatus({ lastAcceptAt: null, lastRejectAt: null }, now)).toBe("awaiting_first_event");
    expect(installStatus({ lastAcceptAt: now - 86_400_000, lastRejectAt: null }, now)).toBe("receiving");
    expect(installStatus({ lastAcceptAt: now - 86_400_001, lastRejectAt: null }, now)).toBe("stale");
    expect(installStatus({ lastAcceptAt: null, lastRejectAt: now - 5 }, now)).toBe("rejected");
    expect(installStatus({ lastAcceptAt: now - 10, lastRejectAt: now - 5 }, now)).toBe("rejected");
    expect(installStatus({ lastAcceptAt: now - 5, lastRejectAt: now - 10 }, now)).toBe("receiving");
  });
});

describe("journey shapes (docs/decisions.md#5-traffic-reports)", () => {
  const events: JourneyEvent[] = [
    { kind: "pageview", occurred_at: T0, url: "/a", target: null, duration_ms: null },
    { kind: "add_to_cart", occurred_at: T0 + 1000, url: "/a", target: "Mug", duration_ms: null },
    { kind: "add_to_cart", occurred_at: T0 + 2000, url: "/a", target: "Mug", duration_ms: null },
    { kind: "leave", occurred_at: T0 + 9000, url: "/a", target: null, duration_ms: 8500 },
    { kind: "pageview", occurred_at: T0 + 10_000, url: "/b", target: null, duration_ms: null },
    { kind: "begin_checkout", occurred_at: T0 + 11_000, url: "/b", target: "Checkout", duration_ms: null },
  ];
  it("lists pages with the time on page from leave, else until the next page", () => {
    expect(journeyPages(events)).toEqual([
      { url: "/a", at: new Date(T0).toISOString(), duration_ms: 8500 },
      { url: "/b", at: new Date(T0 + 10_000).toISOString(), duration_ms: null },
    ]);
  });
  it("counts interactions by type and target", () => {
    expect(topInteractions(events)).toEqual([
      { type: "add_to_cart", target: "Mug", count: 2 },
      { type: "begin_checkout", target: "Checkout", count: 1 },
    ]);
  });
});
