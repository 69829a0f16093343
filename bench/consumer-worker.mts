// A .mts file so the Node type-check program leaves it alone: Worker code bundled by
// bench/consumer.ts. It runs the queue consumer's storage step on synthetic classified
// events, either the old way (every site's batch into the one D1, one transaction) or
// the new way: the ingest Worker's own consumer (workers/ingest/consumers/session-rollup.ts).
import type { IngestMessage } from "@shared/ingest/queue-message";
import { installSignalUpdates } from "@shared/sessions/install-signals";
import { rollupBatch } from "@shared/sessions/rollup";
import { AnalyticsShard } from "@shared/shards/analytics-shard";
import { sessionRollup } from "../workers/ingest/consumers/session-rollup";

/** The real shard plus a count of a run's stored events, read after the timing. */
export class CountingShard extends AnalyticsShard {
  storedOf(run: string): number {
    return this.ctx.storage.sql
      .exec<{ n: number }>(
        "SELECT count(*) AS n FROM ingest_events WHERE id LIKE ?1 AND id NOT LIKE ?2",
        `${run}-%`,
        `${run}-warm-%`,
      )
      .one().n;
  }

  /** One durable write and nothing else: the runtime's cost of a commit, for calibration. */
  commitOnce(i: number): void {
    this.ctx.storage.kv.put("bench-commit", i);
  }
}

interface Env {
  DB: D1Database;
  SHARD: DurableObjectNamespace<CountingShard>;
}

/** Batch `b` of a run: `size` page views spread over `sites` sites, 20 per visitor. */
function batch(run: string, b: number, size: number, sites: number, start: number): IngestMessage[] {
  return Array.from({ length: size }, (_, i) => {
    const n = b * size + i;
    const site = n % sites;
    const visitor = Math.floor(n / (sites * 20));
    const at = start + n * 100;
    return {
      id: `${run}-${n}`,
      channel: "beacon",
      siteId: `${run}-site-${site}`,
      workspaceId: "ws_bench",
      kind: "pageview",
      occurredAt: at,
      receivedAt: at,
      url: `/p/${n % 50}`,
      target: null,
      durationMs: null,
      visitorHash: `v${visitor}`,
      altVisitorHash: null,
      platform: n % 3 === 0 ? "chatgpt" : null,
      purpose: n % 3 === 0 ? "user_action" : null,
      tier: n % 3 === 0 ? "declared" : null,
      confidence: null,
      signals: [],
      source: "direct",
      subSource: null,
      referrerHost: null,
      browser: null,
      os: null,
      deviceType: null,
      mayStartSession: true,
    };
  });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const num = (k: string) => Number(url.searchParams.get(k));
    if (url.pathname === "/exec") {
      for (const sql of (await request.json()) as string[]) await env.DB.prepare(sql).run();
      return Response.json({ ok: true });
    }
    if (url.pathname === "/commit") {
      // Sequential single-row commits to one shard, timed here (the clock moves on I/O).
      const stub = env.SHARD.get(env.SHARD.idFromName("bench-commit"));
      await stub.commitOnce(0);
      const t0 = Date.now();
      for (let i = 1; i <= num("n"); i++) await stub.commitOnce(i);
      return Response.json({ ms: (Date.now() - t0) / num("n") });
    }
    if (url.pathname === "/stored") {
      // Events of a shard run stored across its sites (sites are `${run}-site-N`).
      const run = url.searchParams.get("run") ?? "";
      const counts = await Promise.all(
        Array.from({ length: num("sites") }, (_, i) =>
          env.SHARD.get(env.SHARD.idFromName(`${run}-site-${i}`)).storedOf(run),
        ),
      );
      return Response.json({ stored: counts.reduce((a, b) => a + b, 0) });
    }
    if (url.pathname === "/consume") {
      // One queue batch, stored the way `store` says; the caller times it.
      const run = url.searchParams.get("run") ?? "run";
      // A warm-up run ("<run>-warm") writes to the same sites under other event ids.
      const sitesOf = run.replace(/-warm$/, "");
      const messages = batch(run, num("b"), num("size"), num("sites"), num("start")).map((m) => ({
        ...m,
        siteId: m.siteId.replace(run, sitesOf),
      }));
      if (url.searchParams.get("store") === "d1") {
        const result = await rollupBatch(env.DB, messages);
        if (result.install.length > 0) await env.DB.batch(installSignalUpdates(env.DB, result.install));
        return Response.json({ stored: result.stored });
      }
      // The real consumer (split by site, one shard call per site, one D1 write of the
      // install signals), on a batch-shaped object whose acks are counted.
      let retried = 0;
      const queueBatch = {
        queue: "bench",
        messages: messages.map((body, i) => ({
          id: `${run}-${i}`,
          timestamp: new Date(),
          attempts: 1,
          body,
          ack: () => undefined,
          retry: () => {
            retried += 1;
          },
        })),
        ackAll: () => undefined,
        retryAll: () => {
          retried = messages.length;
        },
      };
      await sessionRollup(queueBatch as never, { ...env, ANALYTICS_SHARD: env.SHARD } as never);
      if (retried > 0) return Response.json({ error: `${retried} messages retried` }, { status: 500 });
      return Response.json({ stored: messages.length });
    }
    return new Response("not found", { status: 404 });
  },
};
