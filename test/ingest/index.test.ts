import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  runDurableObjectAlarm,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import worker from "../../workers/ingest/index";
import { inShard } from "../helpers/shard";
import { message as helperMessage } from "./helpers";

function message(id: string): IngestMessage {
  return helperMessage({ id, occurredAt: Date.UTC(2026, 10, 21, 10), url: "/products/1" });
}

async function countEvents(): Promise<number> {
  const row = await inShard(env.ANALYTICS_SHARD, message("").siteId, (db) =>
    db.prepare("SELECT count(*) AS n FROM ingest_events").first<{ n: number }>(),
  );
  return row?.n ?? 0;
}

describe("ingest Worker entry (workers/ingest/index.ts): queue and cron handlers", () => {
  it("consumes a queue batch into the site's shard and acks it", async () => {
    const batch = createMessageBatch<IngestMessage>("agent-readiness-events", [
      { id: "m1", timestamp: Date.now(), attempts: 1, body: message("evt_1") },
      { id: "m2", timestamp: Date.now(), attempts: 1, body: message("evt_2") },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(true);
    expect(result.retryBatch.retry).toBe(false);
    expect(await countEvents()).toBe(2);
  });

  it("stores nothing twice when a batch is redelivered", async () => {
    const before = await countEvents();
    for (let attempt = 1; attempt <= 2; attempt++) {
      const batch = createMessageBatch<IngestMessage>("agent-readiness-events", [
        { id: "m3", timestamp: Date.now(), attempts: attempt, body: message("evt_3") },
      ]);
      await worker.queue(batch, env, createExecutionContext());
    }
    expect(await countEvents()).toBe(before + 1);
  });

  it("hashes a server-side event of yesterday that arrived with its network only, and stores it", async () => {
    const before = await countEvents();
    const yesterdayNoon = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate() - 1,
      12,
    );
    const body = message("evt_yesterday");
    const pending: IngestMessage = {
      ...body,
      channel: "server",
      occurredAt: yesterdayNoon,
      receivedAt: Date.now(),
      visitorHash: "",
      pendingHash: { network: "203.0.113.0/24", userAgent: "GPTBot/1.2" },
    };
    const batch = createMessageBatch<IngestMessage>("agent-readiness-events", [
      { id: "m9", timestamp: Date.now(), attempts: 1, body: pending },
    ]);
    await worker.queue(batch, env, createExecutionContext());
    expect(await countEvents()).toBe(before + 1);
    const row = await inShard(env.ANALYTICS_SHARD, body.siteId, (db) =>
      db
        .prepare("SELECT s.visitor_hash FROM ingest_events e JOIN sessions s ON s.id = e.session_id WHERE e.id = ?")
        .bind("evt_yesterday")
        .first<{ visitor_hash: string }>(),
    );
    expect(row?.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("runs the salt check from the cron handler, creating today's salt", async () => {
    const controller = createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await ctx.waitUntil(Promise.resolve());
    const stub = env.SALT_KEEPER.get(env.SALT_KEEPER.idFromName("global"));
    const { current, previous } = await stub.salts();
    expect(current.day).toBe(new Date().toISOString().slice(0, 10));
    expect(current.salt).toMatch(/^[A-Za-z0-9+/=]{44}$/);
    // A fresh keeper holds yesterday's salt too: a server-side event of yesterday,
    // accepted by the v1 Worker, can still be hashed by the consumer.
    expect(previous?.day).toBe(new Date(Date.parse(current.day) - 86_400_000).toISOString().slice(0, 10));
    expect(previous?.salt).not.toBe(current.salt);
    // The rotation alarm is armed and running it keeps a salt for today.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.salts()).current.day).toBe(current.day);
  });

  it("answers /__scheduled as an unknown route (404 not_found, no job run) when its local switch is off", async () => {
    const before = await countEvents();
    const res = await worker.fetch(
      new Request("http://x/__scheduled"),
      { ...env, SCHEDULED_ROUTE: "" },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(await res.json()).toMatchObject({ code: "not_found" });
    expect(await countEvents()).toBe(before);
  });

  it("serves /__scheduled locally and reports each job", async () => {
    const res = await worker.fetch(new Request("http://x/__scheduled"), env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      worker: "ingest",
      outcomes: expect.arrayContaining([
        expect.objectContaining({ cron: "*/5 * * * *", job: "salt-check", ok: true }),
        expect.objectContaining({ cron: "*/5 * * * *", job: "session-end-rollup", ok: true }),
      ]),
    });
  });
});
