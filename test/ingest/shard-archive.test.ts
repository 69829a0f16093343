import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { archiveCutoff, archiveKey, RAW_EVENT_RETENTION_DAYS } from "../../shared/shards/event-archive";
import { shardFor } from "../../shared/shards/shard-for";
import { inShard } from "../helpers/shard";
import { message } from "./helpers";

const DAY = 86_400_000;
const MIN = 60_000;

/** Sessions and aggregates of one shard, as the reports see them. */
async function summary(siteId: string) {
  return inShard(env.ANALYTICS_SHARD, siteId, async (db) => ({
    sessions: await db
      .prepare(
        `SELECT count(*) AS n, sum(event_count) AS events, sum(page_count) AS pages, sum(interaction_count) AS interactions,
           sum(outcome = 'abandoned') AS abandoned, sum(bounced) AS bounces, sum(duration_ms) AS duration
         FROM sessions`,
      )
      .first(),
    traffic: (
      await db
        .prepare(
          "SELECT day, agent_platform, outcome, sum(sessions) AS n FROM traffic_daily GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
        )
        .all()
    ).results,
    visitors: (await db.prepare("SELECT day, visitors, agent_visitors FROM visitors_daily ORDER BY day").all()).results,
    events: (await db.prepare("SELECT count(*) AS n FROM ingest_events").first<{ n: number }>())?.n,
  }));
}

describe("raw events past the retention window go to R2, and sessions rebuild from them", () => {
  it("archives a day's events as one object per site and day, and rebuilds the same sessions and aggregates", async () => {
    const siteId = `site_archive_${crypto.randomUUID()}`;
    const now = Date.now();
    const oldDay = Math.floor((now - (RAW_EVENT_RETENTION_DAYS + 5) * DAY) / DAY) * DAY;
    const at = (d: number, m: number) => oldDay + d * DAY + 10 * 60 * MIN + m * MIN;
    const m = (id: string, d: number, minute: number, over: Partial<Parameters<typeof message>[0]> = {}) =>
      message({ id, siteId, occurredAt: at(d, minute), ...over });
    const stub = shardFor(env.ANALYTICS_SHARD, siteId);
    // Two old days: a human who bounces, an agent that abandons a cart, a visitor whose
    // session runs over 40 minutes; and one recent day that stays in SQLite.
    await stub.ingest([
      m("a1", 0, 0, { url: "/" }),
      m("b1", 0, 1, { visitorHash: "vb", url: "/p/1", platform: "chatgpt", purpose: "user_action", tier: "declared" }),
      m("b2", 0, 2, { visitorHash: "vb", kind: "add_to_cart", url: "/p/1", platform: "chatgpt", tier: "declared" }),
      m("b3", 0, 3, { visitorHash: "vb", url: "/cart", platform: "chatgpt", tier: "declared" }),
      m("c1", 1, 0, { visitorHash: "vc", url: "/a" }),
      m("c2", 1, 20, { visitorHash: "vc", url: "/b" }),
      m("c3", 1, 40, { visitorHash: "vc", url: "/c" }),
    ]);
    await stub.ingest([message({ id: "r1", siteId, occurredAt: now - DAY, visitorHash: "vr", url: "/recent" })]);
    // The session-end rollup settles everything and moves the two old days to R2.
    await stub.settle(now);
    const before = await summary(siteId);
    expect(before.sessions).toMatchObject({ n: 4, events: 8, pages: 7, interactions: 1, abandoned: 1, bounces: 2 });
    expect(before.events).toBe(1);
    const day0 = new Date(oldDay).toISOString().slice(0, 10);
    const day1 = new Date(oldDay + DAY).toISOString().slice(0, 10);
    const lines = async (day: string) =>
      ((await (await env.ARCHIVE.get(archiveKey(siteId, day)))?.text()) ?? "").split("\n").filter(Boolean);
    expect((await lines(day0)).map((l) => JSON.parse(l).id)).toEqual(["a1", "b1", "b2", "b3"]);
    expect(await lines(day1)).toHaveLength(3);

    // Lose the old days' sessions and aggregates, then rebuild them from R2.
    await inShard(env.ANALYTICS_SHARD, siteId, async (db) => {
      await db.batch([
        db.prepare("DELETE FROM sessions WHERE day IN (?, ?)").bind(day0, day1),
        db.prepare("DELETE FROM traffic_daily WHERE day IN (?, ?)").bind(day0, day1),
        db.prepare("DELETE FROM visitors_daily WHERE day IN (?, ?)").bind(day0, day1),
      ]);
    });
    expect((await summary(siteId)).sessions).toMatchObject({ n: 1 });
    expect(await stub.rebuildFromArchive(now)).toEqual({ events: 7, days: 2 });
    const after = await summary(siteId);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.traffic).toEqual(before.traffic);
    expect(after.visitors).toEqual(before.visitors);

    // The replayed events go back to R2 on the next pass, merged by id: no duplicates.
    expect(after.events).toBe(8);
    await stub.settle(now);
    expect((await summary(siteId)).events).toBe(1);
    expect(await lines(day0)).toHaveLength(4);
    expect(await lines(day1)).toHaveLength(3);
  });

  it("starts each pass where the last one ended, and over again after a rebuild brings old events back", async () => {
    const siteId = `site_archive_${crypto.randomUUID()}`;
    const now = Date.now();
    const oldDay = Math.floor((now - (RAW_EVENT_RETENTION_DAYS + 3) * DAY) / DAY) * DAY;
    const stub = shardFor(env.ANALYTICS_SHARD, siteId);
    const mark = () =>
      runInDurableObject(stub, (_instance, state) => state.storage.kv.get<number>("archive_from") ?? null);
    await stub.ingest([message({ id: "o1", siteId, occurredAt: oldDay + 10 * 60 * MIN, url: "/old" })]);
    expect(await mark()).toBeNull();
    await stub.settle(now);
    // Nothing before the retention cut holds events now: the next pass starts there.
    expect(await mark()).toBe(archiveCutoff(now));
    await stub.rebuildFromArchive(now);
    expect(await mark()).toBeNull();
    await stub.settle(now);
    expect(await mark()).toBe(archiveCutoff(now));
    expect((await summary(siteId)).events).toBe(0);
  });
});
