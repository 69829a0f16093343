import { OUTCOMES } from "../vocabulary/session-outcomes";
import { ENTRY_URL, OUTCOME, PLATFORM } from "./dimensions";
import { totalOf, totalsBy } from "./grouped-sessions";
import { medianDurationMs } from "./median-duration";
import { reportContext } from "./report-context";
import type { ReportParams } from "./report-params";
import type { TrafficOverview } from "./report-schemas";
import { bySessionsDesc, sharePct } from "./share";
import { dayDimension, hourDimension, reportSeries, seriesIntervalOf } from "./time-series";
import { uniqueVisitors } from "./unique-visitors";

/** Contract Limits: overview top pages, 10. */
export const TOP_PAGES = 10;

/** Traffic overview of AI-agent sessions (agent_platform set) started in the window. */
export async function trafficOverview(db: D1Database, params: ReportParams): Promise<TrafficOverview> {
  const { header, plan, where, grouped, readLive } = await reportContext(db, params);
  const siteId = params.site.id;
  // The window's live edge read from `sessions` once for the groupings with few values
  // (docs/performance/log.md#one-live-read-per-report-overview-sources); entry pages,
  // visitors and durations have about one value per session, so they keep their own reads.
  // An hourly series groups by HOUR too (its plan reads no whole days).
  // Days and hours are the report's zone's (UTC by default, shared/reports/zoned-buckets.ts).
  const [DAY, HOUR] = [dayDimension(params), hourDimension(params)];
  const dims = seriesIntervalOf(params) === "hour" ? [DAY, PLATFORM, OUTCOME, HOUR] : [DAY, PLATFORM, OUTCOME];
  const live = await readLive("agents", dims);
  const [rows, pages, visitors] = await Promise.all([
    grouped("agents", "traffic_daily", dims, undefined, live),
    grouped("agents", "entry_page_totals_daily", [ENTRY_URL]),
    uniqueVisitors(db, siteId, plan, "agents", where),
  ]);
  const total = totalOf(rows);
  const outcomes = totalsBy(rows, 2);
  const daily = new Map<string, { day: string; platform: string; sessions: number }>();
  for (const r of rows) {
    const [day, platform] = r.keys;
    const entry = daily.get(`${day}\u0000${platform}`) ?? { day, platform, sessions: 0 };
    entry.sessions += r.sessions;
    daily.set(`${day}\u0000${platform}`, entry);
  }
  const median = await medianDurationMs(db, siteId, params.window.start, params.window.end, total, plan, where);
  return {
    ...header,
    total_sessions: total,
    unique_visitors: visitors,
    by_platform: [...totalsBy(rows, 1)]
      .map(([platform, sessions]) => ({ platform, sessions, share_pct: sharePct(sessions, total) }))
      .sort(bySessionsDesc((x) => x.platform)),
    by_outcome: OUTCOMES.map((outcome) => ({ outcome, sessions: outcomes.get(outcome) ?? 0 })),
    top_pages: pages
      .map((r) => ({ entry_url: r.keys[0], sessions: r.sessions }))
      .sort(bySessionsDesc((x) => x.entry_url))
      .slice(0, TOP_PAGES),
    median_duration_ms: median,
    by_platform_daily: [...daily.values()]
      .filter((d) => d.sessions > 0)
      .sort((a, b) => a.day.localeCompare(b.day) || b.sessions - a.sessions || a.platform.localeCompare(b.platform)),
    by_platform_series: (({ lines, ...axis }) => ({
      ...axis,
      platforms: lines.map((l) => ({ platform: l.key, sessions: l.sessions })),
    }))(reportSeries(params, rows, { day: 0, key: 1, hour: 3 })),
  };
}
