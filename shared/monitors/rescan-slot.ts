// Daily rescans spread over the day (issue 8: "thousands of monitors do not fire at
// once"). Each monitored domain gets a fixed minute of the UTC day from a stable hash
// of its name, so the load is flat, a domain is rescanned about every 24 h, and a
// domain watched by several monitors (or workspaces) is crawled once, not once per
// monitor. Pure: the cron job passes the scheduled time.

import { DAY_MS, MINUTE_MS } from "../time/durations";

const MINUTES_PER_DAY = 24 * 60;

/** FNV-1a, 32 bit: tiny, stable across runtimes, and spreads short strings well. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Milliseconds after 00:00 UTC at which `domain` is rescanned each day (whole minutes). */
export function rescanOffsetMs(domain: string): number {
  return (fnv1a32(domain) % MINUTES_PER_DAY) * MINUTE_MS;
}

/** The latest slot of `domain` at or before `now`. */
export function latestRescanSlot(domain: string, now: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS + rescanOffsetMs(domain);
  return today <= now ? today : today - DAY_MS;
}

/**
 * Due when never rescanned (a new monitor gets its baseline at the next tick) or when
 * a slot has passed since the last rescan, so a missed tick is caught up at the next.
 */
export function isRescanDue(domain: string, lastRescanAt: number | null, now: number): boolean {
  return lastRescanAt === null || lastRescanAt < latestRescanSlot(domain, now);
}

// The rescan cron runs every 10 minutes (workers/scan/wrangler.toml `triggers`).
export const RESCAN_TICK_MS = 10 * MINUTE_MS;

/**
 * When the daily rescan of `domain` is next expected: the first cron tick at or after
 * its next slot, or the next tick when it is due already. A tick takes at most
 * MAX_RESCANS_PER_TICK domains, so under a backlog it can come a tick or more later.
 */
export function nextRescanAt(domain: string, lastRescanAt: number | null, now: number): number {
  const slot = isRescanDue(domain, lastRescanAt, now) ? now : latestRescanSlot(domain, now) + DAY_MS;
  return Math.ceil(slot / RESCAN_TICK_MS) * RESCAN_TICK_MS;
}
