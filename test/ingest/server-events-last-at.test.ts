import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { NEWEST_SERVER_EVENT_SQL, SERVER_EVENTS_VIA } from "../../shared/drains/agent-request-rows";
import { UPLOAD_VIA } from "../../shared/logs/import-log-upload";
import { inShard } from "../helpers/shard";

// The newest server-side record (`via` = events) that every report's coverage asks the
// site's shard for (shared/reads/site-coverage.ts): the newest of that `via` only, read
// with one probe of agent_requests_via_idx, however many newer drain rows the site has.

const T0 = Date.UTC(2026, 10, 20);

async function seed(siteId: string, rows: Array<[id: string, at: number, via: string]>) {
  await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
    for (const [id, at, via] of rows)
      await db
        .prepare(
          `INSERT INTO agent_requests (id, occurred_at, method, path, status, agent, platform, purpose, tier, document, via)
           VALUES (?, ?, 'GET', '/', 200, 'gptbot', 'chatgpt', 'crawl', 'declared', 1, ?)`,
        )
        .bind(id, at, via)
        .run();
  });
}

describe("newest server-side record of a site", () => {
  it("is the newest `events` row, not a newer drain or upload row; null without any", async () => {
    const siteId = "site_sela_1";
    expect(await inShard(env.ANALYTICS_SHARD, siteId, (_db, shard) => shard.serverEventsLastAt())).toBeNull();
    await seed(siteId, [
      ["d1", T0 + 5_000, "drn_1"],
      ["d2", T0 + 9_000, "drn_1"],
      ["u1", T0 + 8_000, UPLOAD_VIA],
    ]);
    expect(await inShard(env.ANALYTICS_SHARD, siteId, (_db, shard) => shard.serverEventsLastAt())).toBeNull();
    await seed(siteId, [
      ["e1", T0 + 1_000, SERVER_EVENTS_VIA],
      ["e2", T0 + 3_000, SERVER_EVENTS_VIA],
    ]);
    expect(await inShard(env.ANALYTICS_SHARD, siteId, (_db, shard) => shard.serverEventsLastAt())).toBe(T0 + 3_000);
  });

  it("is one probe of agent_requests_via_idx (the time index alone walks every newer drain row)", async () => {
    const plan = await inShard(env.ANALYTICS_SHARD, "site_sela_2", (db) =>
      db.prepare(`EXPLAIN QUERY PLAN ${NEWEST_SERVER_EVENT_SQL}`).all<{ detail: string }>(),
    );
    expect(plan.results.map((r) => r.detail).join(" | ")).toContain("agent_requests_via_idx");
  });

  it("indexes only the server-side records: a drain's rows write no entry (the index's WHERE is SERVER_EVENTS_VIA)", async () => {
    const siteId = "site_sela_3";
    await seed(siteId, [
      ["d1", T0 + 5_000, "drn_1"],
      ["u1", T0 + 6_000, UPLOAD_VIA],
      ["e1", T0 + 1_000, SERVER_EVENTS_VIA],
    ]);
    const sql = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'agent_requests_via_idx'").first<string>("sql"),
    );
    expect(sql).toContain(`WHERE via = '${SERVER_EVENTS_VIA}'`);
    // The answer is the same as with a full index: the `events` row, not the newer drain and upload rows.
    expect(await inShard(env.ANALYTICS_SHARD, siteId, (_db, shard) => shard.serverEventsLastAt())).toBe(T0 + 1_000);
  });
});
