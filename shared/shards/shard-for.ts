import type { AnalyticsShard } from "./analytics-shard";

/** The analytics shard of one site: one Durable Object per site id (docs/architecture.md). */
export function shardFor(namespace: DurableObjectNamespace<AnalyticsShard>, siteId: string) {
  return namespace.get(namespace.idFromName(siteId));
}
