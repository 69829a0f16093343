import { MINUTE_MS } from "../time/durations";
import { bundledIpRanges } from "./ip-range-sources";
import { buildIpRangeIndex, type IpRangeIndex } from "./ip-ranges";

let cached: { index: IpRangeIndex; until: number } | null = null;
const TTL_MS = 10 * MINUTE_MS;

/** Bundled lists overlaid by the newest refreshed rows in D1, cached 10 min per isolate. */
export async function ipRangeIndex(db: D1Database, now = Date.now()): Promise<IpRangeIndex> {
  if (cached && cached.until > now) return cached.index;
  const lists: Record<string, readonly string[]> = { ...bundledIpRanges };
  const { results } = await db
    .prepare("SELECT list_id, prefixes FROM ip_range_snapshots")
    .all<{ list_id: string; prefixes: string }>();
  for (const row of results) lists[row.list_id] = JSON.parse(row.prefixes) as string[];
  cached = { index: buildIpRangeIndex(lists), until: now + TTL_MS };
  return cached.index;
}

/** Forgets the cached index (after a refresh in the same isolate). */
export function resetIpRangeCache(): void {
  cached = null;
}
