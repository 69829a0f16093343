import { chunk } from "@shared/batching/chunk";
import { database } from "@shared/db/client";
import { log } from "@shared/http/log";
import type { DeliveryMessage, RescanMessage } from "@shared/monitors/queue-messages";
import { recordRescanScore } from "@shared/monitors/record-rescan-score";
import { parseResolveMap } from "@shared/outbound/resolve-map";
import { runScan } from "@shared/scan/run-scan";
import { findScan } from "@shared/scan/scan-store";
import { MAX_SEND_BATCH } from "./monitor-queues";

/**
 * Rescans one domain per message with the full scan engine (stored like any scan),
 * then records the overall score for each monitor of the domain and enqueues one
 * `score.changed` delivery per monitor whose score moved. A failed scan is retried by
 * the queue; it never counts as a score.
 */
export async function consumeRescans(batch: MessageBatch<RescanMessage>, env: ScanEnv): Promise<void> {
  for (const msg of batch.messages) {
    const { domain } = msg.body;
    try {
      const scan = await runScan({
        domain,
        resolve: parseResolveMap(env.OUTBOUND_RESOLVE),
        db: database(env.DB),
        emit: () => {},
        // No request origin here: the deployment's configured scanner page, if any.
        scannerInfoUrl: env.SCANNER_INFO_URL || undefined,
      });
      // A cron rescan has no request origin: the deployment's configured base URL, if any.
      const baseUrl = msg.body.baseUrl ?? (env.PUBLIC_BASE_URL || null);
      // The stored result read back gives its changes since the domain's previous scan,
      // for the payload (one D1 batch per rescan).
      const stored = await findScan(database(env.DB), scan.id);
      const deliveries = await recordRescanScore(env.DB, domain, scan.overallScore, Date.now(), {
        scanId: scan.id,
        baseUrl,
        changes: stored?.changes ?? null,
      });
      for (const part of chunk(deliveries, MAX_SEND_BATCH)) {
        await env.WEBHOOKS.sendBatch(
          part.map((d) => ({
            body: { kind: "deliver", deliveryId: d.deliveryId, attempt: 1 } satisfies DeliveryMessage,
          })),
        );
      }
      log("info", "monitor rescan", { domain, score: scan.overallScore, deliveries: deliveries.length });
      msg.ack();
    } catch (err) {
      log("error", "monitor rescan failed", { domain, error: err instanceof Error ? err.message : String(err) });
      msg.retry();
    }
  }
}
