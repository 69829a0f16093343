import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import type { AnalyticsShard } from "../../shared/shards/analytics-shard";
import worker from "../../workers/ingest/index";
import { inShard } from "../helpers/shard";
import { message } from "./helpers";

type Shards = DurableObjectNamespace<AnalyticsShard>;

/** The shard namespace with one site's ingest calls held until released. */
function holdingSite(shards: Shards, hotSite: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  const namespace = {
    idFromName: (name: string) => shards.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = shards.get(id);
      return {
        ingest: async (messages: IngestMessage[]) => {
          if (messages[0]?.siteId === hotSite) {
            held += 1;
            await gate;
          }
          return stub.ingest(messages);
        },
      };
    },
  };
  return { namespace: namespace as unknown as Shards, release, held: () => held };
}

const events = (siteId: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    message({ id: `${siteId}-${i}`, siteId, visitorHash: `v${i}`, occurredAt: Date.now() - 60_000 + i }),
  );

async function sessionCount(siteId: string): Promise<number> {
  const row = await inShard(env.ANALYTICS_SHARD, siteId, (db) =>
    db.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>(),
  );
  return row?.n ?? 0;
}

describe("one hot site does not hold up the others", () => {
  it("commits the other sites of a batch while the hot site's shard is still busy", async () => {
    const hot = holdingSite(env.ANALYTICS_SHARD, "hot-a");
    const batch = createMessageBatch<IngestMessage>(
      "agent-readiness-events",
      [...events("hot-a", 50), ...events("calm-a1", 5), ...events("calm-a2", 5)].map((body, i) => ({
        id: `m-a-${i}`,
        timestamp: new Date(),
        attempts: 1,
        body,
      })),
    );
    const ctx = createExecutionContext();
    const running = worker.queue(batch, { ...env, ANALYTICS_SHARD: hot.namespace }, ctx);
    // The calm sites' shards commit while the hot site's call has not even started.
    for (let i = 0; i < 100 && (await sessionCount("calm-a1")) + (await sessionCount("calm-a2")) < 10; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await sessionCount("calm-a1")).toBe(5);
    expect(await sessionCount("calm-a2")).toBe(5);
    expect(hot.held()).toBe(1);
    expect(await sessionCount("hot-a")).toBe(0);
    hot.release();
    await running;
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(await sessionCount("hot-a")).toBe(50);
  });

  it("lets a second consumer run for other sites while a batch for the hot site is in flight", async () => {
    const hot = holdingSite(env.ANALYTICS_SHARD, "hot-b");
    const shardEnv = { ...env, ANALYTICS_SHARD: hot.namespace };
    const batchOf = (bodies: IngestMessage[], tag: string) =>
      createMessageBatch<IngestMessage>(
        "agent-readiness-events",
        bodies.map((body, i) => ({ id: `m-${tag}-${i}`, timestamp: new Date(), attempts: 1, body })),
      );
    const hotBatch = batchOf(events("hot-b", 100), "hot");
    const hotRun = worker.queue(hotBatch, shardEnv, createExecutionContext());
    // max_concurrency > 1: Queues may start another consumer; it is not queued behind.
    const calmBatch = batchOf(events("calm-b", 7), "calm");
    const calmCtx = createExecutionContext();
    await worker.queue(calmBatch, shardEnv, calmCtx);
    expect((await getQueueResult(calmBatch, calmCtx)).ackAll).toBe(true);
    expect(await sessionCount("calm-b")).toBe(7);
    expect(await sessionCount("hot-b")).toBe(0);
    hot.release();
    await hotRun;
    expect(await sessionCount("hot-b")).toBe(100);
  });
});
