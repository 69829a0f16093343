import type { DeliveryMessage, MonitorQueueMessage, RescanMessage } from "@shared/monitors/queue-messages";
import { consumeDeliveries } from "./delivery-consumer";
import { RESCAN_QUEUE, WEBHOOK_QUEUE } from "./monitor-queues";
import { consumeRescans } from "./rescan-consumer";

/** The scan Worker's `queue` handler: one consumer per queue, chosen by the batch's queue name. */
export async function handleMonitorQueue(batch: MessageBatch<MonitorQueueMessage>, env: ScanEnv): Promise<void> {
  if (batch.queue === RESCAN_QUEUE) return consumeRescans(batch as MessageBatch<RescanMessage>, env);
  if (batch.queue === WEBHOOK_QUEUE) return consumeDeliveries(batch as MessageBatch<DeliveryMessage>, env);
  throw new Error(`The scan Worker has no consumer for queue ${batch.queue}`);
}
