import type { AnalyticsShard } from "./analytics-shard";
import { shardFor } from "./shard-for";

/**
 * The analytics shard of a site. The class lives in the ingest Worker (script_name in
 * wrangler.toml), so the generated binding type does not name it: it is named here.
 */
export function siteShard(env: { ANALYTICS_SHARD: DurableObjectNamespace }, siteId: string) {
  return shardFor(env.ANALYTICS_SHARD as unknown as DurableObjectNamespace<AnalyticsShard>, siteId);
}
