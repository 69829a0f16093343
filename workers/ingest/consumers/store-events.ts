import { ingestEvents } from "../../../schema";
import { database } from "../../../shared/db/client";
import { log } from "../../../shared/http/log";
import type { IngestMessage } from "../../../shared/ingest/queue-message";

/**
 * Persists accepted events. Inserts are keyed by the event id with ON CONFLICT DO
 * NOTHING, so a redelivered batch stores nothing twice. A failed batch is retried
 * whole; messages are acked only after the write committed.
 */
export async function storeEvents(batch: MessageBatch<IngestMessage>, env: IngestEnv): Promise<void> {
  const db = database(env.DB);
  const rows = batch.messages.map((m) => ({
    id: m.body.id,
    siteId: m.body.siteId,
    workspaceId: m.body.workspaceId,
    kind: m.body.kind,
    occurredAt: m.body.occurredAt,
    receivedAt: m.body.receivedAt,
    payload: JSON.stringify(m.body.payload),
  }));
  try {
    // D1 caps bound parameters per statement; 10 rows × 7 columns stays well under it.
    const statements = [];
    for (let i = 0; i < rows.length; i += 10) {
      statements.push(
        db
          .insert(ingestEvents)
          .values(rows.slice(i, i + 10))
          .onConflictDoNothing(),
      );
    }
    if (statements.length > 0) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
    batch.ackAll();
  } catch (err) {
    log("error", "store events failed; batch will be retried", {
      worker: "ingest",
      messages: batch.messages.length,
      error: err instanceof Error ? err.message : String(err),
    });
    batch.retryAll({ delaySeconds: 5 });
  }
}
