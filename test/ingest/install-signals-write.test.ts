import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import worker from "../../workers/ingest/index";
import { message, seedSite } from "./helpers";

interface Signals {
  last_accept_at: number | null;
  snippet_installed_at: number | null;
  last_event_at: number | null;
}

function signalsOf(siteId: string): Promise<Signals | null> {
  return env.DB.prepare("SELECT last_accept_at, snippet_installed_at, last_event_at FROM sites WHERE id = ?")
    .bind(siteId)
    .first<Signals>();
}

/** The queue batch of `bodies`, as Queues delivers it. */
function batchOf(bodies: IngestMessage[], tag: string) {
  return createMessageBatch<IngestMessage>(
    "agent-readiness-events",
    bodies.map((body, i) => ({ id: `m-${tag}-${i}`, timestamp: new Date(), attempts: 1, body })),
  );
}

describe("the consumer writes the install signals of all a batch's sites in one D1 batch", () => {
  it("writes every site's signals once per queue batch", async () => {
    const [a, b] = [await seedSite("signals-a.example"), await seedSite("signals-b.example")];
    const at = Date.now() - 60_000;
    const bodies = [a, b].flatMap((s) =>
      [0, 1].map((i) => message({ id: `${s.id}-${i}`, siteId: s.id, workspaceId: s.workspaceId, occurredAt: at + i })),
    );
    let d1Batches = 0;
    const db = {
      prepare: (query: string) => env.DB.prepare(query),
      batch: (statements: D1PreparedStatement[]) => {
        d1Batches += 1;
        return env.DB.batch(statements);
      },
    } as unknown as D1Database;
    const batch = batchOf(bodies, "one-write");
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, DB: db }, ctx);

    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(d1Batches).toBe(1);
    for (const s of [a, b])
      expect(await signalsOf(s.id)).toEqual({ last_accept_at: at + 1, snippet_installed_at: at, last_event_at: at });
  });

  it("retries the committed sites when that write is lost, and the redelivery writes it", async () => {
    const [a, b] = [await seedSite("signals-c.example"), await seedSite("signals-d.example")];
    const at = Date.now() - 60_000;
    const bodies = [a, b].map((s) =>
      message({ id: `${s.id}-0`, siteId: s.id, workspaceId: s.workspaceId, occurredAt: at }),
    );
    const failing = {
      prepare: (query: string) => env.DB.prepare(query),
      batch: async () => {
        throw new Error("D1 unavailable");
      },
    } as unknown as D1Database;
    const first = batchOf(bodies, "lost");
    const firstCtx = createExecutionContext();
    await worker.queue(first, { ...env, DB: failing }, firstCtx);
    const result = await getQueueResult(first, firstCtx);
    expect(result.ackAll).toBe(false);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m) => m.msgId).sort()).toEqual(["m-lost-0", "m-lost-1"]);
    expect((await signalsOf(a.id))?.last_accept_at).toBeNull();

    // Redelivered: the shards skip the stored events and return the same signals.
    const again = batchOf(bodies, "again");
    const againCtx = createExecutionContext();
    await worker.queue(again, env, againCtx);
    expect((await getQueueResult(again, againCtx)).ackAll).toBe(true);
    for (const s of [a, b])
      expect(await signalsOf(s.id)).toEqual({ last_accept_at: at, snippet_installed_at: at, last_event_at: at });
  });
});
