import { log } from "../../../shared/http/log";
import type { IngestMessage } from "../../../shared/ingest/queue-message";
import { rollupBatch } from "../../../shared/sessions/rollup";

/**
 * Queue consumer: stores each accepted event in its session (shared/sessions/rollup.ts).
 * The batch is one D1 transaction, so on failure nothing was written and the whole
 * batch is retried; a redelivery after a commit is recognised by event id.
 */
export async function sessionRollup(batch: MessageBatch<IngestMessage>, env: IngestEnv): Promise<void> {
  try {
    const result = await rollupBatch(
      env.DB,
      batch.messages.map((m) => m.body),
    );
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
