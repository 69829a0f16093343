import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import { rollupBatch } from "../../shared/sessions/rollup";
import { settleSessions } from "../../shared/sessions/settle";
import { inShard } from "../helpers/shard";
import { freshKey, getJson, seedSite } from "./traffic-fixtures";

const MIN = 60_000;
const DAY = 86_400_000;

function event(siteId: string, workspaceId: string, id: string, at: number, over: Partial<IngestMessage> = {}) {
  return {
    id,
    channel: "beacon",
    siteId,
    workspaceId,
    kind: "pageview",
    occurredAt: at,
    receivedAt: at,
    url: "/",
    target: null,
    durationMs: null,
    visitorHash: "v1",
    altVisitorHash: null,
    platform: "chatgpt",
    purpose: "user_action",
    tier: "declared",
    confidence: 0.5,
    signals: ["declared_user_agent"],
    source: "ai_assistant_session",
    subSource: null,
    referrerHost: null,
    browser: null,
    os: null,
    deviceType: null,
    mayStartSession: true,
    ...over,
  } satisfies IngestMessage;
}

const AGGREGATES = [
  "SELECT day, agent_platform, purpose, tier, source, outcome, sessions, bounces, duration_ms_total, page_count_total FROM traffic_daily WHERE site_id = ?1 ORDER BY 1, 2, 3, 4, 5, 6",
  "SELECT day, entry_url, source, agent_platform, sessions FROM entry_pages_daily WHERE site_id = ?1 ORDER BY 1, 2, 3, 4",
  "SELECT day, visitors, agent_visitors FROM visitors_daily WHERE site_id = ?1 ORDER BY 1",
  "SELECT * FROM sessions WHERE site_id = ?1 ORDER BY id",
  "SELECT * FROM ingest_events WHERE site_id = ?1 ORDER BY id",
];

async function readAll(db: D1Database, siteId: string) {
  const out: unknown[] = [];
  for (const sql of AGGREGATES) out.push((await db.prepare(sql).bind(siteId).all()).results);
  return out;
}

describe("moving existing analytics from the single D1 into the shards", () => {
  it("copies every session and event of each site and rebuilds the same aggregates, and a second run changes nothing", async () => {
    const key = await freshKey();
    const siteA = await seedSite(key.workspaceId, "migrate-a.example");
    const siteB = await seedSite(key.workspaceId, "migrate-b.example");
    // Legacy data, three days back.
    const t0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 9 * 60 * MIN;
    const legacy: IngestMessage[] = [];
    for (let v = 0; v < 30; v++) {
      const site = v % 3 === 0 ? siteB : siteA;
      const at = t0 + v * 47 * MIN;
      legacy.push(event(site, key.workspaceId, `mig-${v}-1`, at, { visitorHash: `v${v}`, url: `/p/${v % 4}` }));
      legacy.push(
        event(site, key.workspaceId, `mig-${v}-2`, at + 2 * MIN, {
          visitorHash: `v${v}`,
          kind: v % 5 === 0 ? "add_to_cart" : "pageview",
          url: "/cart",
          platform: v % 2 === 0 ? "chatgpt" : null,
        }),
      );
    }
    // The old code path (rollup and settle) now runs in shards only: it runs here in a
    // scratch shard, whose aggregates are what the D1 held, and its `sessions` and
    // `ingest_events` are written to D1's legacy tables, the two the move reads (D1 keeps
    // no aggregates, migrations/0024_drop_d1_analytics_copies.sql).
    const before = await inShard(env.ANALYTICS_SHARD, "legacy-d1", async (db) => {
      await rollupBatch(db, legacy);
      await settleSessions(db, Date.now());
      return { a: await readAll(db, siteA), b: await readAll(db, siteB) };
    });
    for (const site of [before.a, before.b])
      for (const [table, rows] of [
        ["sessions", site[3]],
        ["ingest_events", site[4]],
      ] as const)
        await env.DB.batch(
          (rows as Record<string, unknown>[]).map((row) =>
            env.DB.prepare(
              `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
                .map(() => "?")
                .join(", ")})`,
            ).bind(...Object.values(row)),
          ),
        );
    expect((before.a[3] as unknown[]).length + (before.b[3] as unknown[]).length).toBe(30);

    const res = await exports.default.fetch("http://localhost/__admin/migrate-analytics", { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sites: { site_id: string; sessions: number; events: number }[] };
    expect(body.sites).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ site_id: siteA, sessions: 20, events: 40 }),
        expect.objectContaining({ site_id: siteB, sessions: 10, events: 20 }),
      ]),
    );
    expect(await inShard(env.ANALYTICS_SHARD, siteA, (db) => readAll(db, siteA))).toEqual(before.a);
    expect(await inShard(env.ANALYTICS_SHARD, siteB, (db) => readAll(db, siteB))).toEqual(before.b);

    // Reports now read the shard and see the migrated sessions.
    const overview = await getJson<{ total_sessions: number }>(
      key,
      "/traffic/overview?domain=migrate-a.example&period=7d",
    );
    expect(overview.total_sessions).toBe(20);

    const again = await exports.default.fetch("http://localhost/__admin/migrate-analytics", { method: "POST" });
    expect(again.status).toBe(200);
    expect(await inShard(env.ANALYTICS_SHARD, siteA, (db) => readAll(db, siteA))).toEqual(before.a);
  });
});
