import { ENTRY_URL, MADE_BY, REFERRER_HOST, SOURCE, SUB_SOURCE } from "./dimensions";
import { KEY_SEPARATOR, regroup, totalOf, totalsBy } from "./grouped-sessions";
import { reportContext } from "./report-context";
import type { ReportParams } from "./report-params";
import type { TrafficSources } from "./report-schemas";
import { bySessionsDesc, byVisitsDesc, sharePct } from "./share";
import { dayDimension, hourDimension, reportSeries, seriesIntervalOf } from "./time-series";

/** The source of every AI-agent session (shared/classify/source.ts). */
export const AGENT_SOURCE = "ai_assistant_session";
/** The source of a person's visit from a link in an AI assistant's answer. */
export const ASSISTANT_LINK_SOURCE = "ai_assistant_link";
/** docs/decisions.md#5-traffic-reports: ai_sessions = ai_assistant_session + ai_assistant_link. */
export const AI_SOURCES = [AGENT_SOURCE, ASSISTANT_LINK_SOURCE];

/**
 * The populations of the sources report (docs/metrics.md): AI-agent sessions, human
 * visits and, among them, those an AI assistant's link referred. The AI share stays
 * what v1 defined, the sessions of the two AI sources over all sessions.
 */
export function sourcePopulations(counts: { ai: number; agents: number; referred: number; total: number }) {
  return {
    ai_share_pct: sharePct(counts.ai, counts.total),
    ai_sessions: counts.ai,
    total_sessions: counts.total,
    agent_sessions: counts.agents,
    human_visits: counts.total - counts.agents,
    assistant_referred_visits: counts.referred,
  };
}

export const TOP_REFERRER_HOSTS = 10;
export const TOP_ENTRY_PAGES = 10;
/** Entry pages of human visits listed at most (docs/reports.md "Sources"). */
export const TOP_HUMAN_ENTRY_PAGES = 10;

/** Acquisition sources of every recorded session (agents and humans) started in the window. */
export async function trafficSources(db: D1Database, params: ReportParams): Promise<TrafficSources> {
  const { header, grouped, readLive, entryPages } = await reportContext(db, params);
  // The window's live edge read from `sessions` once for the groupings with few values
  // (docs/performance/log.md#one-live-read-per-report-overview-sources); the 500 entry
  // pages would make it one row per session, so they keep their own reads.
  // An hourly series groups by HOUR too (its plan reads no whole days).
  const hourly = seriesIntervalOf(params) === "hour";
  // Days and hours are the report's zone's (UTC by default, shared/reports/zoned-buckets.ts).
  const [DAY, HOUR] = [dayDimension(params), hourDimension(params)];
  // MADE_BY last, so the hour keeps index 4: it splits a group only where agents and
  // people share a source (an agent session's source is ai_assistant_session).
  const dims = [DAY, SOURCE, SUB_SOURCE, REFERRER_HOST, ...(hourly ? [HOUR] : []), MADE_BY];
  const madeBy = dims.length - 1;
  const live = await readLive("all", dims);
  const [byDay, pages] = await Promise.all([
    // One read of traffic_daily for by_source, top_referrer_hosts and the daily lines.
    grouped("all", "traffic_daily", dims, undefined, live),
    // Every session's and people's entry pages (issue 40: human traffic shown), one read.
    entryPages(),
  ]);
  const sources = regroup(byDay, 1, 2, 3);
  const daily = regroup(byDay, 0, 1);
  const total = totalOf(sources);
  const bySource = totalsBy(sources, 0);
  const byMaker = totalsBy(byDay, 1, madeBy);
  const agents = totalsBy(byDay, madeBy).get("agent") ?? 0;
  const referred = byMaker.get(`${ASSISTANT_LINK_SOURCE}${KEY_SEPARATOR}human`) ?? 0;
  const ai = AI_SOURCES.reduce((n, s) => n + (bySource.get(s) ?? 0), 0);

  // Rank the pages on the per-page totals, then read the sources of the top ones only.
  const pageTotals = pages
    .map(({ url, sessions }) => ({ url, sessions }))
    .sort(bySessionsDesc((x) => x.url))
    .slice(0, TOP_ENTRY_PAGES);
  const entries =
    pageTotals.length === 0
      ? []
      : await grouped("all", "entry_pages_daily", [ENTRY_URL, SOURCE], {
          dim: ENTRY_URL,
          values: pageTotals.map((p) => p.url),
        });
  return {
    ...header,
    coverage: params.site.coverage,
    coverage_changed_at:
      params.site.coverageChangedAt === null ? null : new Date(params.site.coverageChangedAt).toISOString(),
    ...sourcePopulations({ ai, agents, referred, total }),
    by_source: [...totalsBy(sources, 0, 1)]
      .map(([key, sessions]) => {
        const [source, sub] = key.split(KEY_SEPARATOR);
        return { source, sub_source: sub === "" ? null : sub, sessions, share_pct: sharePct(sessions, total) };
      })
      .sort(bySessionsDesc((x) => `${x.source}\u0000${x.sub_source ?? ""}`)),
    top_referrer_hosts: [...totalsBy(sources, 2)]
      .filter(([host]) => host !== "")
      .map(([host, sessions]) => ({ host, sessions }))
      .sort(bySessionsDesc((x) => x.host))
      .slice(0, TOP_REFERRER_HOSTS),
    top_entry_pages: pageTotals.map(({ url, sessions }) => ({
      url,
      sessions,
      by_source: entries
        .filter((r) => r.keys[0] === url)
        .map((r) => ({ source: r.keys[1], sessions: r.sessions }))
        .sort(bySessionsDesc((x) => x.source)),
    })),
    top_human_entry_pages: pages
      .map(({ url, visits }) => ({ url, visits }))
      .filter((p) => p.visits > 0)
      .sort(byVisitsDesc((x) => x.url))
      .slice(0, TOP_HUMAN_ENTRY_PAGES),
    by_source_daily: daily
      .map((r) => ({ day: r.keys[0], source: r.keys[1], sessions: r.sessions }))
      .sort((a, b) =>
        a.day < b.day ? -1 : a.day > b.day ? 1 : b.sessions - a.sessions || (a.source < b.source ? -1 : 1),
      ),
    by_source_series: (({ lines, ...axis }) => ({
      ...axis,
      sources: lines.map((l) => ({ source: l.key, sessions: l.sessions })),
    }))(reportSeries(params, hourly ? regroup(byDay, 0, 1, 4) : daily, { day: 0, key: 1, hour: 2 })),
  };
}
