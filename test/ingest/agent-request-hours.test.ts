import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import shardMigrations from "../../migrations-shard/migrations.js";
import type { AgentRequestRow } from "../../shared/drains/agent-request-columns";
import { storeAgentRequests } from "../../shared/drains/agent-request-rows";
import { agentErrors } from "../../shared/reports/agent-errors";
import { crawlToReferral } from "../../shared/reports/crawl-to-referral";
import { expectCountsFollowRows } from "../helpers/agent-request-counts";
import { inShard, rowsOf } from "../helpers/shard";

// agent_request_hours (schema/agent-request-hours.ts): the AI-errors totals and
// crawl-to-referral's request side read whole hours from it and the rest from
// agent_requests. Each answer here is checked against counts made by hand from the
// same rows, over windows whose edges fall inside hours, in UTC and in zones whose
// midnights are off the whole hour (Kolkata, +5:30) or move (Berlin's 25-hour day).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 9, 20, 0, 0, 0);
const PLATFORMS = ["chatgpt", "claude", "perplexity"] as const;
const PURPOSES = ["crawl", "search", "user_action"] as const;
const STATUSES = [200, 200, 200, 301, 404, 410, 500, 503];

/** ~1,400 requests over 10 days, every 17 minutes and a few seconds, in a fixed pattern. */
function requests(): AgentRequestRow[] {
  const out: AgentRequestRow[] = [];
  for (let i = 0; i < 1_400; i++) {
    out.push({
      id: `r-${i}`,
      occurred_at: T0 + i * (17 * 60_000 + 7_000),
      method: "GET",
      path: `/p/${i % 23}${i % 5 === 0 ? "?utm=x" : ""}`,
      status: STATUSES[i % STATUSES.length],
      agent: ["gptbot", "claudebot", "perplexitybot"][i % 3],
      platform: PLATFORMS[i % 3],
      purpose: PURPOSES[(i * 7) % 3],
      tier: "declared",
      document: 1,
      via: "drn_hours",
    });
  }
  return out;
}

const inWindow = (rows: AgentRequestRow[], start: number, end: number) =>
  rows.filter((r) => r.occurred_at >= start && r.occurred_at < end);

function totalsByHand(rows: AgentRequestRow[]) {
  return {
    requests: rows.length,
    errors: rows.filter((r) => r.status >= 400).length,
    not_found: rows.filter((r) => r.status === 404 || r.status === 410).length,
    server_errors: rows.filter((r) => r.status >= 500).length,
    // Every stored request by an AI agent, robots.txt fetches included (docs/metrics.md).
    agent_requests: rows.length,
  };
}

/** Crawl and search requests per platform, as crawl-to-referral's operators sum them. */
function crawlByHand(rows: AgentRequestRow[]) {
  const out: Record<string, { crawl: number; search: number }> = {};
  for (const r of rows) {
    if (r.purpose !== "crawl" && r.purpose !== "search") continue;
    out[r.platform] ??= { crawl: 0, search: 0 };
    out[r.platform][r.purpose] += 1;
  }
  return out;
}

const hoursOfTable = (db: D1Database) =>
  rowsOf(
    db,
    "SELECT hour, platform, purpose, requests, errors, not_found, server_errors FROM agent_request_hours ORDER BY 1, 2, 3",
  );

/** What the table must hold: every stored row counted by UTC hour, platform and purpose. */
const hoursFromRows = (db: D1Database) =>
  rowsOf(
    db,
    `SELECT occurred_at - occurred_at % ${HOUR} AS hour, platform, purpose, count(*) AS requests, sum(status >= 400) AS errors,
            sum(status IN (404, 410)) AS not_found, sum(status >= 500) AS server_errors
     FROM agent_requests GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );

describe("agent-request reports from hourly counts", () => {
  const rows = requests();
  // Edges inside hours, a window inside one hour, whole hours only, and one of 9 days.
  const windows: Array<[number, number]> = [
    [T0 + 7 * 60_000, T0 + 3 * DAY + 41 * 60_000],
    [T0 + DAY + 5 * 60_000, T0 + DAY + 50 * 60_000],
    [T0 + 2 * DAY, T0 + 4 * DAY],
    [T0 + 13 * HOUR + 1, T0 + 9 * DAY + 22 * HOUR - 1],
  ];

  it("keeps the hourly counts those of the stored rows through a batch, its redelivery and a retention pass", async () => {
    const siteId = "site_arh_1";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      // Retention cuts inside an hour on day 3: the hours before go, the cut one is recounted.
      const cut = T0 + 3 * DAY + 20 * 60_000;
      await expectCountsFollowRows(
        db,
        rows,
        { firstEnd: 900, redelivered: [800, 1_400], cut },
        hoursOfTable,
        hoursFromRows,
      );
    });
  });

  it("answers the AI-errors totals and crawl-to-referral's requests as the rows counted by hand, UTC and zoned", async () => {
    const siteId = "site_arh_2";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, rows);
      for (const [start, end] of windows) {
        const expected = inWindow(rows, start, end);
        const errors = await agentErrors(db, { start, end });
        expect(errors.totals, `${start}-${end}`).toEqual(totalsByHand(expected));
        // The rows by path come from the requests themselves (4xx/5xx only).
        expect(errors.paths.reduce((n, p) => n + p.requests, 0)).toBe(totalsByHand(expected).errors);
        for (const zone of [null, "Asia/Kolkata", "Europe/Berlin"]) {
          for (const interval of ["day", "hour"] as const) {
            if (interval === "hour" && end - start > 2 * DAY) continue;
            const report = await crawlToReferral(db, { siteId, start, end, interval, zone });
            const got = Object.fromEntries(
              report.operators.map((o) => [o.operator, { crawl: o.crawl_requests, search: o.search_requests }]),
            );
            expect(got, `${zone} ${interval} ${start}-${end}`).toEqual(crawlByHand(expected));
            // Every bucket's counts sum to the operator's: nothing falls outside the buckets.
            for (const o of report.operators) {
              expect(o.series.crawl_requests.reduce((a, b) => a + b, 0)).toBe(o.crawl_requests);
              expect(o.series.search_requests.reduce((a, b) => a + b, 0)).toBe(o.search_requests);
            }
          }
        }
      }
    });
  });

  it("puts each request in its local day: Kolkata's midnight cuts a UTC hour in two", async () => {
    const siteId = "site_arh_3";
    // Kolkata's midnight of 2026-10-22 is 18:30 UTC on the 21st: one crawl at 18:10
    // (the 21st there) and one at 18:50 (the 22nd), both in the UTC hour 18:00.
    const at = (h: number, m: number) => Date.UTC(2026, 9, 21, h, m);
    const crawl = (id: string, t: number): AgentRequestRow => ({
      ...rows[0],
      id,
      occurred_at: t,
      platform: "chatgpt",
      purpose: "crawl",
    });
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, [crawl("k1", at(18, 10)), crawl("k2", at(18, 50))]);
      const report = await crawlToReferral(db, {
        siteId,
        start: Date.UTC(2026, 9, 20, 18, 30),
        end: Date.UTC(2026, 9, 22, 18, 30),
        interval: "day",
        zone: "Asia/Kolkata",
      });
      expect(report.buckets).toEqual(["2026-10-21T00:00:00.000+05:30", "2026-10-22T00:00:00.000+05:30"]);
      expect(report.operators[0].series.crawl_requests).toEqual([1, 1]);
    });
  });

  it("is backfilled by the migration from the requests already stored, as the rebuild counts them", async () => {
    const siteId = "site_arh_4";
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await storeAgentRequests(db, rows);
      const rebuilt = await hoursOfTable(db);
      await db.prepare("DELETE FROM agent_request_hours").run();
      // The shard's migration 0013, as the shard applies it on start.
      const backfill = (shardMigrations.migrations.m0013 ?? "")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .find((s) => s.includes("INSERT INTO `agent_request_hours`"));
      if (!backfill) throw new Error("the migration has no backfill");
      await db.prepare(backfill.replace(/^--.*$/gm, "").trim()).run();
      expect(await hoursOfTable(db)).toEqual(rebuilt);
    });
  });
});
