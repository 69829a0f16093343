import { log } from "@shared/http/log";
import { attemptDelivery } from "@shared/monitors/attempt-delivery";
import type { DeliveryMessage } from "@shared/monitors/queue-messages";

/**
 * Makes one webhook attempt per message, all messages of the batch at once (each is
 * bounded by the 10 s timeout). A retry is a new message with `delaySeconds`, carrying
 * the next attempt number; the delivery keeps its id, so `webhook-id` never changes.
 */
export async function consumeDeliveries(batch: MessageBatch<DeliveryMessage>, env: ScanEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (msg) => {
      const { deliveryId, attempt } = msg.body;
      try {
        const outcome = await attemptDelivery(env, deliveryId, attempt);
        if (outcome.kind === "retry") {
          await env.WEBHOOKS.send({ kind: "deliver", deliveryId, attempt: attempt + 1 } satisfies DeliveryMessage, {
            delaySeconds: outcome.delaySeconds,
          });
        }
        const fields =
          outcome.kind === "skipped"
            ? { reason: outcome.reason }
            : { status: outcome.result.statusCode, ms: outcome.result.durationMs, error: outcome.result.error };
        log(outcome.kind === "failed" ? "warn" : "info", "webhook attempt", {
          deliveryId,
          attempt,
          outcome: outcome.kind,
          ...fields,
        });
        msg.ack();
      } catch (err) {
        log("error", "webhook attempt crashed", {
          deliveryId,
          attempt,
          error: err instanceof Error ? err.message : String(err),
        });
        msg.retry();
      }
    }),
  );
}
