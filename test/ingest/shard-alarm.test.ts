import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_GAP_MS } from "../../shared/sessions/session-state";
import { DRAIN_SETTLE_DELAY_MS } from "../../shared/shards/analytics-shard";
import { shardFor } from "../../shared/shards/shard-for";
import { inShard } from "../helpers/shard";
import { message } from "./helpers";

const MIN = 60_000;

function shardOf(siteId: string) {
  return shardFor(env.ANALYTICS_SHARD, siteId);
}

function alarmOf(siteId: string): Promise<number | null> {
  return runInDurableObject(shardOf(siteId), (_, state) => state.storage.getAlarm());
}

async function settled(siteId: string, visitorHash: string): Promise<boolean> {
  const row = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db
      .prepare("SELECT settled_at FROM sessions WHERE visitor_hash = ?")
      .bind(visitorHash)
      .first<{ settled_at: number | null }>(),
  );
  return row?.settled_at != null;
}

describe("the shard's alarm is the session-end rollup", () => {
  it("is armed for the first session of the shard to end, and a later session never moves it later", async () => {
    const siteId = `site_alarm_${crypto.randomUUID()}`;
    const t0 = Date.now() - 10 * MIN;
    const ev = (id: string, visitorHash: string, occurredAt: number) =>
      message({ id, siteId, visitorHash, occurredAt });

    await shardOf(siteId).ingest([ev("a1", "va", t0)]);
    expect(await alarmOf(siteId)).toBe(t0 + SESSION_GAP_MS);

    // A newer session ends later: the alarm stays for the older one.
    await shardOf(siteId).ingest([ev("b1", "vb", t0 + 5 * MIN)]);
    expect(await alarmOf(siteId)).toBe(t0 + SESSION_GAP_MS);

    // A late event starts a session that ends earlier: the alarm moves earlier.
    await shardOf(siteId).ingest([ev("c1", "vc", t0 - 5 * MIN)]);
    expect(await alarmOf(siteId)).toBe(t0 - 5 * MIN + SESSION_GAP_MS);
  });

  it("settles the sessions that ended when it runs and arms itself for the next one", async () => {
    const siteId = `site_alarm_${crypto.randomUUID()}`;
    const ended = Date.now() - 40 * MIN;
    const open = Date.now() - MIN;
    await shardOf(siteId).ingest([
      message({ id: "old", siteId, visitorHash: "v_old", occurredAt: ended }),
      message({ id: "new", siteId, visitorHash: "v_new", occurredAt: open }),
    ]);

    expect(await runDurableObjectAlarm(shardOf(siteId))).toBe(true);
    expect(await settled(siteId, "v_old")).toBe(true);
    expect(await settled(siteId, "v_new")).toBe(false);
    expect(await alarmOf(siteId)).toBe(open + SESSION_GAP_MS);

    // The next batch after the alarm ran is armed from storage again, not from a stale memory.
    await shardOf(siteId).ingest([message({ id: "new2", siteId, visitorHash: "v_new", occurredAt: open + MIN })]);
    expect(await alarmOf(siteId)).toBe(open + SESSION_GAP_MS);
  });

  it("waits for a drain batch's next chunks before settling the sessions a chunk ended, and still settles them", async () => {
    const siteId = `site_alarm_${crypto.randomUUID()}`;
    const ended = Date.now() - 40 * MIN;
    const before = Date.now();
    await shardOf(siteId).ingestDrain([message({ id: "d_old", siteId, visitorHash: "v_d", occurredAt: ended })], []);
    const at = await alarmOf(siteId);
    // The session ended 10 minutes ago; the alarm is at least the delay away, not now.
    expect(at).not.toBeNull();
    expect(at as number).toBeGreaterThanOrEqual(before + DRAIN_SETTLE_DELAY_MS);
    expect(await settled(siteId, "v_d")).toBe(false);
    expect(await runDurableObjectAlarm(shardOf(siteId))).toBe(true);
    expect(await settled(siteId, "v_d")).toBe(true);
  });
});
