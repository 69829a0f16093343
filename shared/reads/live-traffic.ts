import type { Purpose } from "../classify/agents";
import type { RequestContext } from "../context/request-context";
import { ok, type Result } from "../result/result";
import type { Coverage } from "../sites/coverage-schema";
import { MINUTE_MS } from "../time/durations";
import type { ReportTargetRefusal } from "./report-target";
import { trafficReport } from "./traffic-report";

/** The source of every AI-agent session (shared/classify/source.ts): agents, not a way people arrive. */
const AGENT_SOURCE = "ai_assistant_session";

/** "Now" on the live view: sessions that started in the last 30 minutes (issue 29). */
export const LIVE_WINDOW_MS = 30 * MINUTE_MS;

export interface LiveTraffic {
  domain: string;
  /** The window, [from, to): a custom window of the last 30 minutes ending at the context's now. */
  from: string;
  to: string;
  /** Every session, humans included (the sources report's total). */
  all_sessions: number;
  /** AI-agent sessions (the overview's total). */
  agent_sessions: number;
  /** Human visits: every other session (docs/metrics.md `human_visits`). */
  human_visits: number;
  by_platform: { platform: string; sessions: number }[];
  /**
   * AI-agent sessions by what they came for (the purpose report): crawls and search
   * fetches apart from agents acting for a person, so a crawl never reads as a visit.
   */
  by_purpose: { purpose: Purpose; sessions: number }[];
  /**
   * Human visits per source (the sources report's rows summed over their sub-sources),
   * most first: AI assistants' links beside search, social and direct. AI-agent sessions
   * are not here (they are `by_purpose`).
   */
  human_by_source: { source: string; sessions: number }[];
  top_pages: { entry_url: string; sessions: number }[];
  data_coverage: Coverage;
}

/**
 * The live view of a site: the traffic report's overview and sources over the last 30
 * minutes, exactly what `from`/`to` of that window answers in the API.
 */
export async function liveTraffic(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<LiveTraffic, ReportTargetRefusal>> {
  const from = new Date(ctx.nowMs - LIVE_WINDOW_MS).toISOString();
  const to = new Date(ctx.nowMs).toISOString();
  const r = await trafficReport(ctx, {
    domain: input.domain,
    from,
    to,
    reports: { overview: {}, sources: {}, purpose: {} },
  });
  if (!r.ok) return r;
  const { overview, sources, purpose } = r.value;
  const bySource = new Map<string, number>();
  for (const s of sources.by_source)
    if (s.source !== AGENT_SOURCE) bySource.set(s.source, (bySource.get(s.source) ?? 0) + s.sessions);
  return ok({
    domain: r.value.site.domain,
    from,
    to,
    all_sessions: sources.total_sessions,
    agent_sessions: overview.total_sessions,
    human_visits: sources.total_sessions - overview.total_sessions,
    by_platform: overview.by_platform.map((p) => ({ platform: p.platform, sessions: p.sessions })),
    by_purpose: purpose.by_purpose
      .filter((p) => p.sessions > 0)
      .map((p) => ({ purpose: p.purpose, sessions: p.sessions })),
    human_by_source: [...bySource]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([source, sessions]) => ({ source, sessions })),
    top_pages: overview.top_pages.map((p) => ({ entry_url: p.entry_url, sessions: p.sessions })),
    data_coverage: r.value.data_coverage,
  });
}
