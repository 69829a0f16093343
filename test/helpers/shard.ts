import { runInDurableObject } from "cloudflare:test";
import type { AnalyticsShard } from "../../shared/shards/analytics-shard";
import { shardDb } from "../../shared/shards/shard-db";
import { shardFor } from "../../shared/shards/shard-for";

/**
 * Runs `fn` inside a site's AnalyticsShard with a D1-shaped handle on its SQLite, the
 * same one the shard's own code uses: tests read and seed a site's analytics there.
 */
export function inShard<T>(
  // Typed by ingest's binding, untyped by v1's (its class lives in another Worker).
  namespace: DurableObjectNamespace<AnalyticsShard> | DurableObjectNamespace,
  siteId: string,
  fn: (db: D1Database, shard: AnalyticsShard) => Promise<T>,
): Promise<T> {
  const stub = shardFor(namespace as unknown as DurableObjectNamespace<AnalyticsShard>, siteId);
  return runInDurableObject(stub, (instance: AnalyticsShard, state) => fn(shardDb(state.storage), instance));
}

/** Every row a query returns: the tests compare a counts table with what its rows make. */
export const rowsOf = (db: D1Database, sql: string) =>
  db
    .prepare(sql)
    .all()
    .then((r) => r.results);
