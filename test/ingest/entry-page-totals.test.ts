import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import migrations from "../../migrations-shard/migrations.js";
import { rollupBatch } from "../../shared/sessions/rollup";
import { settleSessions } from "../../shared/sessions/settle";
import { inShard } from "../helpers/shard";
import { message } from "./helpers";

// entry_page_totals_daily (the top-pages aggregate) holds, per day and entry page, what
// entry_pages_daily holds per day, page, source and platform, summed: the reports rank
// pages on it, so the two must always agree.
const T0 = Date.UTC(2026, 10, 20, 23, 50, 0);
const MIN = 60_000;

const TOTALS =
  "SELECT day, entry_url, sessions, agent_sessions FROM entry_page_totals_daily WHERE site_id = ?1 ORDER BY 1, 2";
const SUMMED = `SELECT day, entry_url, sum(sessions) AS sessions,
    sum(CASE WHEN agent_platform != '' THEN sessions ELSE 0 END) AS agent_sessions
  FROM entry_pages_daily WHERE site_id = ?1 GROUP BY day, entry_url ORDER BY 1, 2`;

async function rows(db: D1Database, sql: string, siteId: string) {
  return (await db.prepare(sql).bind(siteId).all()).results;
}

describe("entry_page_totals_daily (top pages per day)", () => {
  it("counts every session and the agent sessions per day and entry page, and follows a session a late event moves to the day before", () =>
    inShard(env.ANALYTICS_SHARD, "entry-totals-1", async (db) => {
      const site = "s-entry-totals";
      await rollupBatch(db, [
        message({ id: "a1", siteId: site, visitorHash: "A", occurredAt: T0 + 20 * MIN, url: "/p/1" }),
        message({
          id: "b1",
          siteId: site,
          visitorHash: "B",
          occurredAt: T0 + 21 * MIN,
          url: "/p/1",
          platform: "chatgpt",
          source: "ai_assistant_session",
        }),
        message({
          id: "c1",
          siteId: site,
          visitorHash: "C",
          occurredAt: T0 + 22 * MIN,
          url: "/p/2",
          source: "search",
          subSource: "google.com",
          referrerHost: "google.com",
        }),
      ]);
      await settleSessions(db, T0 + 60 * MIN);
      expect(await rows(db, TOTALS, site)).toEqual([
        { day: "2026-11-21", entry_url: "/p/1", sessions: 2, agent_sessions: 1 },
        { day: "2026-11-21", entry_url: "/p/2", sessions: 1, agent_sessions: 0 },
      ]);

      // A late event of visitor A from before midnight: A's session now starts on the
      // 20th, on another entry page; both days are rebuilt.
      await rollupBatch(db, [
        message({ id: "a0", siteId: site, visitorHash: "A", occurredAt: T0 + 5 * MIN, url: "/early" }),
      ]);
      await settleSessions(db, T0 + 90 * MIN);
      const totals = await rows(db, TOTALS, site);
      expect(totals).toEqual([
        { day: "2026-11-20", entry_url: "/early", sessions: 1, agent_sessions: 0 },
        { day: "2026-11-21", entry_url: "/p/1", sessions: 1, agent_sessions: 1 },
        { day: "2026-11-21", entry_url: "/p/2", sessions: 1, agent_sessions: 0 },
      ]);
      expect(totals).toEqual(await rows(db, SUMMED, site));
    }));

  it("is backfilled by its migration from entry_pages_daily with what the rollup would build", () =>
    inShard(env.ANALYTICS_SHARD, "entry-totals-2", async (db) => {
      const site = "s-entry-backfill";
      await rollupBatch(
        db,
        ["/a", "/a", "/b", "/c", "/a"].map((url, i) =>
          message({
            id: `m${i}`,
            siteId: site,
            visitorHash: `V${i}`,
            occurredAt: T0 - 60 * MIN + i * MIN,
            url,
            platform: i % 2 === 0 ? "claude" : null,
            source: i % 2 === 0 ? "ai_assistant_session" : "direct",
          }),
        ),
      );
      await settleSessions(db, T0 + 60 * MIN);
      const built = await rows(db, TOTALS, site);
      expect(built).toHaveLength(3);
      // A shard whose days were aggregated before the table existed: only the migration's
      // backfill statement fills it.
      const backfill = migrations.migrations.m0001
        .split("--> statement-breakpoint")
        .map((s: string) => s.trim())
        .find((s: string) => s.includes("INSERT INTO `entry_page_totals_daily`"));
      expect(backfill).toBeDefined();
      await db.prepare("DELETE FROM entry_page_totals_daily").run();
      await db.prepare(backfill as string).run();
      expect(await rows(db, TOTALS, site)).toEqual(built);
    }));
});
