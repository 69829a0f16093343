import { isRescanDue, latestRescanSlot } from "./rescan-slot";

/**
 * Most domains one cron tick hands to the rescan queue; the rest stay due for the next
 * tick. Bounds the claim batch well under D1's per-invocation query limit; at one tick
 * per 10 min that is 28,800 domains a day.
 */
export const MAX_RESCANS_PER_TICK = 200;

// Per domain, the oldest last_rescan_at of its monitors (NULL first): a new monitor on
// an already-watched domain makes the domain due so the new monitor gets a baseline.
// The (domain, last_rescan_at) index answers this without touching the table.
const DOMAINS = `SELECT domain, CASE WHEN count(*) = count(last_rescan_at) THEN min(last_rescan_at) END AS last
  FROM monitors GROUP BY domain`;
// The claim is conditional, so two overlapping ticks cannot both enqueue one domain.
const CLAIM = `UPDATE monitors SET last_rescan_at = ?1
  WHERE domain = ?2 AND (last_rescan_at IS NULL OR last_rescan_at < ?3)`;

/**
 * Finds the domains due at `now`, marks their monitors as rescanned at `now` and
 * returns the domains this call claimed (at most MAX_RESCANS_PER_TICK).
 */
export async function claimDueRescans(d1: D1Database, now: number): Promise<string[]> {
  const { results } = await d1.prepare(DOMAINS).all<{ domain: string; last: number | null }>();
  const due = results.filter((r) => isRescanDue(r.domain, r.last, now)).slice(0, MAX_RESCANS_PER_TICK);
  if (due.length === 0) return [];
  const claims = await d1.batch(
    // A NULL baseline claims with any threshold; otherwise the slot that made it due.
    due.map((r) => d1.prepare(CLAIM).bind(now, r.domain, r.last === null ? now + 1 : latestRescanSlot(r.domain, now))),
  );
  return due.filter((_, i) => claims[i].meta.changes > 0).map((r) => r.domain);
}
