import { storeBrowserCommerce } from "@shared/conversions/browser-commerce";
import { log } from "@shared/http/log";
import type { IngestMessage } from "@shared/ingest/queue-message";
import { hashesFor } from "@shared/ingest/steps/hash-visitor";
import { installSignalUpdates } from "@shared/sessions/install-signals";
import { shardFor } from "@shared/shards/shard-for";
import { currentSalts } from "../runtime/salts";

/** Hashes server-side records that arrived with a truncated network (queue-message.ts). */
async function resolvePendingHashes(env: IngestEnv, messages: IngestMessage[]): Promise<IngestMessage[]> {
  if (!messages.some((m) => m.pendingHash)) return messages;
  const salts = await currentSalts(env);
  const out: IngestMessage[] = [];
  for (const m of messages) {
    if (!m.pendingHash) {
      out.push(m);
      continue;
    }
    const { network, userAgent } = m.pendingHash;
    const hashes = hashesFor(salts, m.occurredAt, m.workspaceId, m.siteId, network, userAgent);
    // The day's salt is gone (> 48 h): such an event cannot be counted by design. The
    // v1 Worker accepts only events whose day's salt lives on for another hour and the
    // keeper always holds yesterday's salt, so this only happens to a message retried for
    // hours; say so rather than lose it silently.
    if (hashes) out.push({ ...m, ...hashes, pendingHash: null });
    else log("warn", "server-side event dropped: its day's salt is gone", { siteId: m.siteId, eventId: m.id });
  }
  return out;
}

/** One site's part of a batch: its queue messages and their bodies. */
interface SiteGroup {
  siteId: string;
  messages: Message<IngestMessage>[];
}

function groupBySite(batch: MessageBatch<IngestMessage>): SiteGroup[] {
  const groups = new Map<string, SiteGroup>();
  for (const m of batch.messages) {
    const g = groups.get(m.body.siteId) ?? { siteId: m.body.siteId, messages: [] };
    g.messages.push(m);
    groups.set(m.body.siteId, g);
  }
  return [...groups.values()];
}

/**
 * Queue consumer: splits the batch by site and hands each site's events to that site's
 * AnalyticsShard in one call (shared/shards/analytics-shard.ts), all sites in parallel.
 * Each call is one transaction in the shard: on failure nothing of that site was
 * written and only that site's messages are retried; a redelivery after a commit is
 * recognised by event id. The install signals of every site that committed then go to
 * D1 in one batch per queue batch, not one per site: a D1 write is a fixed cost several
 * times a small shard call's (docs/performance/log.md, "Consumer"). They are idempotent, so
 * if that write fails the committed sites' messages are retried too: the shards skip
 * the events and report the same signals again.
 */
export async function sessionRollup(batch: MessageBatch<IngestMessage>, env: IngestEnv): Promise<void> {
  const groups = groupBySite(batch);
  const outcomes = await Promise.allSettled(
    groups.map(async (group) => {
      const messages = await resolvePendingHashes(
        env,
        group.messages.map((m) => m.body),
      );
      return shardFor(env.ANALYTICS_SHARD, group.siteId).ingest(messages);
    }),
  );
  const install = outcomes.flatMap((o) => (o.status === "fulfilled" ? o.value.install : []));
  // The snippet's commerce events go to D1 with the install signals, each once (by event id).
  const commerce = outcomes.flatMap((o) => (o.status === "fulfilled" ? o.value.commerce : []));
  const controlPlane = [...installSignalUpdates(env.DB, install), ...storeBrowserCommerce(env.DB, commerce)];
  let installError: unknown = null;
  if (controlPlane.length > 0) await env.DB.batch(controlPlane).catch((e) => (installError = e));
  if (installError === null && outcomes.every((o) => o.status === "fulfilled")) batch.ackAll();
  outcomes.forEach((outcome, i) => {
    const group = groups[i];
    if (outcome.status === "fulfilled" && installError === null) {
      for (const m of group.messages) m.ack();
      if (outcome.value.duplicates > 0)
        log("info", "redelivered events skipped", { worker: "ingest", duplicates: outcome.value.duplicates });
      return;
    }
    const reason = outcome.status === "rejected" ? outcome.reason : installError;
    log("error", "session rollup failed; the site's messages will be retried", {
      worker: "ingest",
      site: group.siteId,
      messages: group.messages.length,
      error: reason instanceof Error ? reason.message : String(reason),
    });
    for (const m of group.messages) m.retry({ delaySeconds: 5 });
  });
}
