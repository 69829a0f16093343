import type { EventRow } from "./event-row";

/** An event row as the journey report reads it from ingest_events (schema/ingest-events.ts). */
export type JourneyEvent = Pick<EventRow, "kind" | "occurred_at" | "url" | "target" | "duration_ms">;

/**
 * docs/decisions.md#5-traffic-reports `pages`: [{url, at, duration_ms}] in time order. duration_ms is the time
 * on the page the snippet reported on leave, else the time until the next page view,
 * else null (the last page of a session without a leave).
 */
export function journeyPages(
  events: readonly JourneyEvent[],
): { url: string; at: string; duration_ms: number | null }[] {
  const sorted = [...events].sort((a, b) => a.occurred_at - b.occurred_at);
  const pages: { url: string; at: number; duration_ms: number | null }[] = [];
  for (const e of sorted) {
    if (e.kind === "pageview" || e.kind === "request") pages.push({ url: e.url, at: e.occurred_at, duration_ms: null });
    else if (e.kind === "leave" && e.duration_ms !== null) {
      const page = [...pages].reverse().find((p) => p.url === e.url && p.duration_ms === null);
      if (page) page.duration_ms = e.duration_ms;
    }
  }
  pages.forEach((p, i) => {
    if (p.duration_ms === null && pages[i + 1]) p.duration_ms = pages[i + 1].at - p.at;
  });
  return pages.map((p) => ({ url: p.url, at: new Date(p.at).toISOString(), duration_ms: p.duration_ms }));
}

/** docs/decisions.md#5-traffic-reports `top_interactions`: [{type, target, count}], most frequent first. */
export function topInteractions(
  events: readonly JourneyEvent[],
  limit = 10,
): { type: string; target: string; count: number }[] {
  const counts = new Map<string, { type: string; target: string; count: number }>();
  for (const e of events) {
    if (e.kind === "pageview" || e.kind === "request" || e.kind === "leave") continue;
    const target = e.target ?? e.url;
    const key = `${e.kind}\u0000${target}`;
    const entry = counts.get(key) ?? { type: e.kind, target, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.target.localeCompare(b.target))
    .slice(0, limit);
}
