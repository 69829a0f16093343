import { log } from "../../../shared/http/log";
import type { IngestMessage } from "../../../shared/ingest/queue-message";
import { hashesFor } from "../../../shared/ingest/steps/hash-visitor";
import { rollupBatch } from "../../../shared/sessions/rollup";
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
    const hashes = await hashesFor(salts, m.occurredAt, m.workspaceId, m.siteId, network, userAgent);
    // The day's salt is gone (> 48 h): such an event cannot be counted by design.
    if (hashes) out.push({ ...m, ...hashes, pendingHash: null });
  }
  return out;
}

/**
 * Queue consumer: stores each accepted event in its session (shared/sessions/rollup.ts).
 * The batch is one D1 transaction, so on failure nothing was written and the whole
 * batch is retried; a redelivery after a commit is recognised by event id.
 */
export async function sessionRollup(batch: MessageBatch<IngestMessage>, env: IngestEnv): Promise<void> {
  try {
    const messages = await resolvePendingHashes(
      env,
      batch.messages.map((m) => m.body),
    );
    const result = await rollupBatch(env.DB, messages);
    batch.ackAll();
    if (result.duplicates > 0)
      log("info", "redelivered events skipped", { worker: "ingest", duplicates: result.duplicates });
  } catch (err) {
    log("error", "session rollup failed; batch will be retried", {
      worker: "ingest",
      messages: batch.messages.length,
      error: err instanceof Error ? err.message : String(err),
    });
    batch.retryAll({ delaySeconds: 5 });
  }
}
