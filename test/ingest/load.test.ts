import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ipRangeIndex } from "../../shared/classify/ip-range-cache";
import { type RawEvent, runPipeline } from "../../shared/ingest/pipeline";
import type { IngestMessage } from "../../shared/ingest/queue-message";
import worker from "../../workers/ingest/index";
import { seedSite } from "./helpers";

const VISITORS = 2000;
const EVENTS_PER_VISITOR = 10;
const BATCH = 100;
const MIN = 60_000;

/** A D1 whose batch() fails for the chosen calls: before committing, or after (ack lost). */
function flakyDb(db: D1Database, failBefore: Set<number>, failAfter: Set<number>) {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          // Only the write batch (inserts) counts; the consumer's read batches pass.
          const isWrite =
            statements.length > 0 &&
            /INSERT/i.test((statements[0] as unknown as { statement?: string }).statement ?? "");
          if (!isWrite) return target.batch(statements);
          calls += 1;
          if (failBefore.has(calls)) throw new Error("injected failure before commit");
          const out = await target.batch(statements);
          if (failAfter.has(calls)) throw new Error("injected failure after commit (ack lost)");
          return out;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("load: 20,000 events through the pipeline and the queue consumer", () => {
  it("puts every accepted event in exactly one session despite failed and redelivered batches", {
    timeout: 240_000,
  }, async () => {
    const site = await seedSite("load.example");
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
          pageUrl: `https://load.example/p/${k}`,
          referrer: null,
          durationMs: null,
          target: null,
          userAgent: `LoadAgent/${v}`,
          clientIp: `198.51.${v % 200}.${(v * 7) % 250}`,
          automation: {},
          signature: { status: "absent" },
          site: { id: site.id, workspaceId: site.workspaceId, domain: site.domain, coverage: "all_traffic" },
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
    const flakyEnv = { ...env, DB: flakyDb(env.DB, failBefore, failAfter) };
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
        if (result.retryBatch.retry) {
          retried += 1;
          next.push(bodies);
        }
      }
      pending = next;
    }
    expect(retried).toBeGreaterThan(0);

    const events = await env.DB.prepare(
      "SELECT count(*) AS n, count(DISTINCT id) AS d FROM ingest_events WHERE site_id = ?",
    )
      .bind(site.id)
      .first<{ n: number; d: number }>();
    expect(events).toEqual({ n: 20_000, d: 20_000 });
    const sums = await env.DB.prepare(
      "SELECT count(*) AS sessions, sum(event_count) AS events, sum(page_count) AS pages FROM sessions WHERE site_id = ?",
    )
      .bind(site.id)
      .first<{ sessions: number; events: number; pages: number }>();
    // By hand: 2,000 visitors × 2 sessions; 20,000 events of which 2,000 add_to_cart.
    expect(sums).toEqual({ sessions: 4000, events: 20_000, pages: 18_000 });
    const orphans = await env.DB.prepare(
      "SELECT count(*) AS n FROM ingest_events e LEFT JOIN sessions s ON s.id = e.session_id WHERE e.site_id = ? AND s.id IS NULL",
    )
      .bind(site.id)
      .first<{ n: number }>();
    expect(orphans?.n).toBe(0);
    const mismatched = await env.DB.prepare(
      `SELECT count(*) AS n FROM sessions s WHERE s.site_id = ? AND s.event_count != (SELECT count(*) FROM ingest_events e WHERE e.session_id = s.id)`,
    )
      .bind(site.id)
      .first<{ n: number }>();
    expect(mismatched?.n).toBe(0);
  });
});
