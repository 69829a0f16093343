import type { SaltSet } from "@shared/salt/salt-schedule";
import { utcDay } from "@shared/salt/salt-schedule";
import { saltKeeper } from "../salt-keeper-instance";

let cached: { set: SaltSet; until: number } | null = null;
const TTL_MS = 5 * 60_000;

/**
 * Today's and yesterday's salt from the SaltKeeper, held in isolate memory until the
 * UTC day changes (or 5 min pass), so a beacon costs no Durable Object call.
 */
export async function currentSalts(env: IngestEnv, now = Date.now()): Promise<SaltSet> {
  if (cached && cached.until > now && cached.set.current.day === utcDay(now)) return cached.set;
  const set = await saltKeeper(env).salts(now);
  cached = { set, until: now + TTL_MS };
  return set;
}
