import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ipRangeIndex } from "../../shared/classify/ip-range-cache";
import { runPipeline } from "../../shared/ingest/pipeline";
import type { RawEvent } from "../../shared/ingest/pipeline-types";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import type { AnalyticsShard } from "../../shared/shards/analytics-shard";
import worker from "../../workers/ingest/index";
import { inShard } from "../helpers/shard";
import { seedSite } from "./helpers";

const VISITORS = 2000;
const EVENTS_PER_VISITOR = 10;
const BATCH = 100;
const SITES = 4;
const MIN = 60_000;

type Shards = DurableObjectNamespace<AnalyticsShard>;

/**
 * The shard namespace with faults injected into the chosen ingest calls. Before commit:
 * a trigger in the shard's SQLite aborts the write transaction at the batch's middle
 * event (some rows already written inside it), then the object is reset (ctx.abort), so
 * the redelivery meets a restarted shard. After commit: the shard committed but the
 * answer is lost, as when the consumer dies before acking.
 */
function flakyShards(shards: Shards, failBefore: Set<number>, failAfter: Set<number>) {
  let calls = 0;
  const restarts = { count: 0 };
  const namespace = {
    idFromName: (name: string) => shards.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = shards.get(id);
      return {
        ingest: async (messages: IngestMessage[]) => {
          calls += 1;
          if (failBefore.has(calls)) {
            const mid = messages[Math.floor(messages.length / 2)].id;
            await runInDurableObject(stub, (_shard: AnalyticsShard, state) => {
              state.storage.sql.exec(
                `CREATE TRIGGER inject_fault BEFORE INSERT ON ingest_events WHEN NEW.id = '${mid}'
                 BEGIN SELECT RAISE(ABORT, 'injected fault mid-batch'); END`,
              );
            });
            try {
              return await stub.ingest(messages);
            } finally {
              await runInDurableObject(stub, (_shard: AnalyticsShard, state) => {
                state.storage.sql.exec("DROP TRIGGER IF EXISTS inject_fault");
              });
              await runInDurableObject(stub, (_shard: AnalyticsShard, state) => state.abort("injected restart")).catch(
                () => undefined,
              );
              restarts.count += 1;
            }
          }
          const out = await stub.ingest(messages);
          if (failAfter.has(calls)) throw new Error("injected failure after commit (ack lost)");
          return out;
        },
      };
    },
  };
  return { namespace: namespace as unknown as Shards, restarts };
}

/** Sums one query's numeric columns over every site's shard. */
async function acrossShards(siteIds: string[], sql: string): Promise<Record<string, number>> {
  const total: Record<string, number> = {};
  for (const id of siteIds) {
    const row = await inShard(env.ANALYTICS_SHARD, id, (db) =>
      db.prepare(sql).bind(id).first<Record<string, number>>(),
    );
    for (const [k, v] of Object.entries(row ?? {})) total[k] = (total[k] ?? 0) + Number(v ?? 0);
  }
  return total;
}

describe("load: 20,000 events through the pipeline and the queue consumer", () => {
  it("puts every accepted event in exactly one session across shards despite failed, restarted and redelivered batches", {
    timeout: 240_000,
  }, async () => {
    // Four sites, so every batch spans several shards.
    const sites = [];
    for (let i = 0; i < SITES; i++) sites.push(await seedSite(`load-${i}.example`));
    const now = Date.now();
    // Today (UTC), so every event has today's salt; receivedAt = occurredAt keeps them fresh.
    const base = Math.floor(now / 86_400_000) * 86_400_000 + MIN;
    const salts = await env.SALT_KEEPER.get(env.SALT_KEEPER.idFromName("global")).salts(now);
    const deps = { salts, ipRanges: await ipRangeIndex(env.DB, now) };

    // Each visitor: 5 events 5 minutes apart, a 40-minute pause, 5 more: two sessions.
    const raws: RawEvent[] = [];
    for (let v = 0; v < VISITORS; v++) {
      for (let k = 0; k < EVENTS_PER_VISITOR; k++) {
        const at = base + k * 5 * MIN + (k >= 5 ? 40 * MIN : 0) + v;
        raws.push({
          id: `load-${v}-${k}`,
          channel: "beacon",
          kind: k === 3 ? "add_to_cart" : "pageview",
          occurredAt: at,
          receivedAt: at,
          pageUrl: `https://${sites[v % SITES].domain}/p/${k}`,
          referrer: null,
          durationMs: null,
          target: null,
          userAgent: `LoadAgent/${v}`,
          clientIp: `198.51.${v % 200}.${(v * 7) % 250}`,
          automation: {},
          signature: { status: "absent" },
          site: {
            id: sites[v % SITES].id,
            workspaceId: sites[v % SITES].workspaceId,
            domain: sites[v % SITES].domain,
            coverage: "all_traffic",
          },
        });
      }
    }
    const messages: IngestMessage[] = [];
    for (const r of raws) {
      const m = await runPipeline(r, deps);
      if ("dropped" in m) throw new Error(`dropped ${m.dropped}`);
      messages.push(m);
    }
    expect(messages).toHaveLength(VISITORS * EVENTS_PER_VISITOR);
    expect(JSON.stringify(messages.slice(0, 50))).not.toContain("198.51.");

    // Deliver in queue order (shuffled across visitors, as a queue would), with every
    // 7th write failing before commit and every 11th failing after commit.
    const order = messages
      .map((m, i) => ({ m, key: (i * 7919) % messages.length }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.m);
    const failBefore = new Set<number>();
    const failAfter = new Set<number>();
    for (let i = 1; i <= 400; i++) {
      if (i % 7 === 0) failBefore.add(i);
      else if (i % 11 === 0) failAfter.add(i);
    }
    const flaky = flakyShards(env.ANALYTICS_SHARD, failBefore, failAfter);
    const flakyEnv = { ...env, ANALYTICS_SHARD: flaky.namespace };
    let pending: IngestMessage[][] = [];
    for (let i = 0; i < order.length; i += BATCH) pending.push(order.slice(i, i + BATCH));
    let retried = 0;
    let deliveries = 0;
    while (pending.length > 0) {
      const next: IngestMessage[][] = [];
      for (const bodies of pending) {
        deliveries += 1;
        const batch = createMessageBatch<IngestMessage>(
          "agent-readiness-events",
          bodies.map((body, j) => ({ id: `${body.id}-${deliveries}-${j}`, timestamp: new Date(), attempts: 1, body })),
        );
        const ctx = createExecutionContext();
        await worker.queue(batch, flakyEnv as typeof env, ctx);
        const result = await getQueueResult(batch, ctx);
        // A failed site's messages are retried on their own; the other sites' are acked.
        const retry = new Set(result.retryMessages.map((r) => r.msgId));
        const again = bodies.filter((body, j) => retry.has(`${body.id}-${deliveries}-${j}`));
        if (again.length > 0) {
          retried += 1;
          next.push(again);
        }
      }
      pending = next;
    }
    expect(retried).toBeGreaterThan(0);
    expect(flaky.restarts.count).toBeGreaterThan(0);
    const siteIds = sites.map((x) => x.id);

    const events = await acrossShards(
      siteIds,
      "SELECT count(*) AS n, count(DISTINCT id) AS d FROM ingest_events WHERE site_id = ?",
    );
    expect(events).toEqual({ n: 20_000, d: 20_000 });
    const sums = await acrossShards(
      siteIds,
      "SELECT count(*) AS sessions, sum(event_count) AS events, sum(page_count) AS pages FROM sessions WHERE site_id = ?",
    );
    // By hand: 2,000 visitors × 2 sessions; 20,000 events of which 2,000 add_to_cart.
    expect(sums).toEqual({ sessions: 4000, events: 20_000, pages: 18_000 });
    const orphans = await acrossShards(
      siteIds,
      "SELECT count(*) AS n FROM ingest_events e LEFT JOIN sessions s ON s.id = e.session_id WHERE e.site_id = ? AND s.id IS NULL",
    );
    expect(orphans.n).toBe(0);
    const mismatched = await acrossShards(
      siteIds,
      `SELECT count(*) AS n FROM sessions s WHERE s.site_id = ? AND s.event_count != (SELECT count(*) FROM ingest_events e WHERE e.session_id = s.id)`,
    );
    expect(mismatched.n).toBe(0);
  });
});
