import { platformName, sourceName } from "@shared/display/display-names";
import type { ReportSite } from "@shared/reports/report-params";
import type { ReportWindow } from "@shared/reports/report-window";
import { siteShard } from "@shared/shards/site-shard";
import { MINUTE_MS } from "@shared/time/durations";

/** "Now" on the live view: sessions that started in the last 30 minutes (issue 29). */
export const LIVE_WINDOW_MS = 30 * MINUTE_MS;
/** How often the live view asks again while its tab is visible (docs/decisions.md, live view). */
export const LIVE_POLL_MS = 10_000;

export interface LiveSnapshot {
  from: string;
  to: string;
  /** Every session, humans included (the sources report's total). */
  all_sessions: number;
  /** AI-agent sessions (the overview's total). */
  agent_sessions: number;
  by_platform: { platform: string; name: string; sessions: number }[];
  by_source: { source: string; name: string; sessions: number }[];
  top_pages: { entry_url: string; sessions: number }[];
}

/** The live window ending at `nowMs`: a custom window, exactly `from`/`to` of the API's reports. */
export function liveWindow(nowMs: number): ReportWindow {
  return { period: "custom", start: nowMs - LIVE_WINDOW_MS, end: nowMs };
}

/**
 * The live view's numbers: the overview and sources reports over the last 30 minutes,
 * read with the same shard calls as `GET /api/v1/traffic/overview` and `/sources` with
 * `from`/`to`, so they equal the API's for that window. Codes stay beside their names.
 */
export async function liveSnapshot(
  env: { ANALYTICS_SHARD: DurableObjectNamespace },
  site: ReportSite,
  nowMs: number,
): Promise<LiveSnapshot> {
  const window = liveWindow(nowMs);
  const params = { site, window, nowMs };
  const shard = siteShard(env, site.id);
  const [overview, sources] = await Promise.all([shard.overview(params), shard.sources(params)]);
  // Sources per source (the report splits them by sub-source too).
  const bySource = new Map<string, number>();
  for (const s of sources.by_source) bySource.set(s.source, (bySource.get(s.source) ?? 0) + s.sessions);
  return {
    from: new Date(window.start).toISOString(),
    to: new Date(window.end).toISOString(),
    all_sessions: sources.total_sessions,
    agent_sessions: overview.total_sessions,
    by_platform: overview.by_platform.map((p) => ({
      platform: p.platform,
      name: platformName(p.platform),
      sessions: p.sessions,
    })),
    by_source: [...bySource]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([source, sessions]) => ({ source, name: sourceName(source), sessions })),
    top_pages: overview.top_pages.map((p) => ({ entry_url: p.entry_url, sessions: p.sessions })),
  };
}
