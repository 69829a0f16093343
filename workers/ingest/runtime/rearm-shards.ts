import { shardFor } from "@shared/shards/shard-for";

/** Sites whose newest session started this recently may still have open sessions. */
const ACTIVE_MS = 2 * 3_600_000;

/** Re-arms the shard alarm of every recently active site (cron backstop; idempotent). */
export async function rearmActiveShards(env: IngestEnv, nowMs: number): Promise<number> {
  const { results } = await env.DB.prepare("SELECT id FROM sites WHERE last_event_at > ?")
    .bind(nowMs - ACTIVE_MS)
    .all<{ id: string }>();
  await Promise.all(results.map((s) => shardFor(env.ANALYTICS_SHARD, s.id).ensureAlarm()));
  return results.length;
}
