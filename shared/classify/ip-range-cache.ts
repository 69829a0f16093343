import { MINUTE_MS } from "../time/durations";
import { bundledIpRanges } from "./ip-range-sources";
import { buildIpRangeIndex, type IpRangeIndex } from "./ip-ranges";

type IpRangeLists = Readonly<Record<string, readonly string[]>>;

let cached: { lists: IpRangeLists; index: IpRangeIndex; until: number } | null = null;
const TTL_MS = 10 * MINUTE_MS;

async function current(db: D1Database, now: number) {
  if (cached && cached.until > now) return cached;
  const lists: Record<string, readonly string[]> = { ...bundledIpRanges };
  const { results } = await db
    .prepare("SELECT list_id, prefixes FROM ip_range_snapshots")
    .all<{ list_id: string; prefixes: string }>();
  for (const row of results) lists[row.list_id] = JSON.parse(row.prefixes) as string[];
  cached = { lists, index: buildIpRangeIndex(lists), until: now + TTL_MS };
  return cached;
}

/** Bundled lists overlaid by the newest refreshed rows in D1, cached 10 min per isolate. */
export async function ipRangeIndex(db: D1Database, now = Date.now()): Promise<IpRangeIndex> {
  return (await current(db, now)).index;
}

/** The same lists as CIDR strings by list id (the collectors' policy document ships them). */
export async function ipRangeLists(db: D1Database, now = Date.now()): Promise<IpRangeLists> {
  return (await current(db, now)).lists;
}

/** Forgets the cached index (after a refresh in the same isolate). */
export function resetIpRangeCache(): void {
  cached = null;
}
