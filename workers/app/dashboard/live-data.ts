import { platformName, purposeName, sourceName } from "@shared/display/display-names";
import type { LiveTraffic } from "@shared/reads/live-traffic";

/** How often the live view asks again while its tab is visible (docs/decisions.md, live view). */
export const LIVE_POLL_MS = 10_000;

/** The live view's numbers (shared/reads/live-traffic.ts) with each code's name beside it, as the page and live.js show them. */
export interface LiveSnapshot {
  from: string;
  to: string;
  all_sessions: number;
  agent_sessions: number;
  human_visits: number;
  by_platform: { platform: string; name: string; sessions: number }[];
  by_purpose: { purpose: string; name: string; sessions: number }[];
  human_by_source: { source: string; name: string; sessions: number }[];
  top_pages: { entry_url: string; sessions: number }[];
}

export function liveSnapshot(live: LiveTraffic): LiveSnapshot {
  return {
    from: live.from,
    to: live.to,
    all_sessions: live.all_sessions,
    agent_sessions: live.agent_sessions,
    human_visits: live.human_visits,
    by_platform: live.by_platform.map((p) => ({ ...p, name: platformName(p.platform) })),
    by_purpose: live.by_purpose.map((p) => ({ ...p, name: purposeName(p.purpose) })),
    human_by_source: live.human_by_source.map((s) => ({ ...s, name: sourceName(s.source) })),
    top_pages: live.top_pages,
  };
}
