import { WorkerEntrypoint } from "cloudflare:workers";
import type { MonitorControlApi, RescanRequestOutcome } from "@shared/monitors/monitor-control";
import type { DeliveryMessage, RescanMessage } from "@shared/monitors/queue-messages";
import { domainScanWindow, PER_DOMAIN } from "../scan-rate-limit";

/**
 * RPC entrypoint bound by the v1 Worker (MONITOR_CONTROL): rescan now and deliver now,
 * through the same per-domain scan window and the same queues as the daily rescans.
 */
export class MonitorControl extends WorkerEntrypoint<ScanEnv> implements MonitorControlApi {
  async requestRescan(domain: string, baseUrl: string): Promise<RescanRequestOutcome> {
    // contract "Limits": 5 scans per hour per domain, shared with interactive scans.
    const hit = await domainScanWindow(this.env, domain).hit(PER_DOMAIN);
    if (!hit.allowed) return { accepted: false, retryAfterSeconds: hit.retryAfter };
    await this.env.RESCANS.send({ kind: "rescan", domain, claimedAt: Date.now(), baseUrl } satisfies RescanMessage);
    return { accepted: true };
  }

  async deliverNow(deliveryId: string, attempt: number): Promise<void> {
    await this.env.WEBHOOKS.send({ kind: "deliver", deliveryId, attempt } satisfies DeliveryMessage);
  }
}
