import { chunk } from "../batching/chunk";
import type { IngestMessage } from "../ingest/queue-message";
import { type RollupResult, rollupBatch } from "../sessions/rollup";
import { DAY_MS } from "../time/durations";
import type { AgentRequestRow } from "./agent-request-columns";
import { dropAgentRequestsBefore } from "./agent-request-retention";
import { storeAgentRequests } from "./agent-request-rows";

/** Agent requests are kept as long as raw events (docs/privacy.md): 92 days. */
export const AGENT_REQUESTS_RETENTION_MS = 92 * DAY_MS;

/**
 * Ids per statement, bound as one JSON array (`json_each`): a statement takes at most 100
 * bound parameters, and 45 ids per `IN` list (each named twice) made a 10 MB batch's
 * check about 800 statements with a UNION each. Record ids are under 64 characters, so
 * a slice stays far below the 2 MB bound on a bound string.
 */
const IDS_PER_CHECK = 2000;

const ALREADY_STORED = `SELECT count(*) AS n FROM json_each(?1) j
  WHERE EXISTS (SELECT 1 FROM ingest_events e WHERE e.id = j.value)
     OR EXISTS (SELECT 1 FROM agent_requests a WHERE a.id = j.value)`;

export interface DrainChunkResult {
  rollup: RollupResult;
  /** Lines of this chunk stored by an earlier delivery (page view, agent request or both). */
  duplicates: number;
}

/** How many of `ids` (each once) either table holds already. */
async function alreadyStored(db: D1Database, ids: string[]): Promise<number> {
  let n = 0;
  for (const part of chunk(ids, IDS_PER_CHECK)) {
    const row = await db.prepare(ALREADY_STORED).bind(JSON.stringify(part)).first<{ n: number }>();
    n += row?.n ?? 0;
  }
  return n;
}

/**
 * One drain chunk into a site's shard: its page views through the session rollup (one
 * transaction, a stored event id skipped) and its agent requests (a stored id ignored),
 * then agent requests past retention dropped. A line already stored by an earlier
 * delivery is counted as a duplicate, once, whichever tables hold it.
 */
export async function commitDrainChunk(
  db: D1Database,
  messages: IngestMessage[],
  requests: AgentRequestRow[],
  newSessionId: () => string,
  nowMs: number,
): Promise<DrainChunkResult> {
  const ids = [...new Set([...messages.map((m) => m.id), ...requests.map((r) => r.id)])];
  const duplicates = await alreadyStored(db, ids);
  // No id stored yet (checked just now, in this same call to the shard): the rollup need
  // not look for stored events, nor the counts probe agent_requests for each row.
  const rollup = await rollupBatch(db, messages, newSessionId, { noneStored: duplicates === 0 });
  await storeAgentRequests(db, requests, { noneStored: duplicates === 0 });
  // Past retention: the rows and their hourly counts, in one transaction.
  await db.batch(dropAgentRequestsBefore(db, nowMs - AGENT_REQUESTS_RETENTION_MS));
  return { rollup, duplicates };
}
