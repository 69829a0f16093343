import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import {
  type MergedOverview,
  type MergedSources,
  mergeOverviews,
  mergePurposes,
  mergeSources,
  mergeVerification,
} from "../reports/merge-traffic";
import type { ReportWindow, WindowInput } from "../reports/report-window";
import type { TrafficFilters } from "../reports/traffic-filters";
import { ok, type Result } from "../result/result";
import { listSites } from "../sites/list-sites";
import type { SiteRecord } from "../sites/site-row";
import type { ReportTargetRefusal } from "./report-target";
import { trafficReport } from "./traffic-report";

// The traffic of a workspace's sites over one window, in the shape of a site's dashboard
// (docs/app.md "The dashboard at a glance"): each site's traffic report (the use case the
// site dashboard and the v1 API read, with the same filters and the previous period),
// then added up (shared/reports/merge-traffic.ts), and each site's own totals beside them.

/** How many sites the workspace's traffic adds up (the newest): each costs one report per site. */
export const WORKSPACE_TRAFFIC_SITES = 12;

export interface SiteTotals {
  site: Pick<SiteRecord, "id" | "domain" | "name">;
  /** AI-agent sessions (the overview's total), now and in the previous period. */
  agentSessions: number;
  previousAgentSessions: number;
  /** Every recorded session (the sources' total). */
  allSessions: number;
}

interface Period {
  overview: MergedOverview;
  purpose: ReturnType<typeof mergePurposes>;
  sources: MergedSources;
  verification: ReturnType<typeof mergeVerification>;
}

export interface WorkspaceTraffic extends Period {
  window: ReportWindow;
  timeZone: string;
  /** Sites in the workspace; `sites` holds the newest WORKSPACE_TRAFFIC_SITES, most AI-agent sessions first. */
  total: number;
  sites: SiteTotals[];
  /** The same over the previous equal window. */
  previous: Pick<Period, "overview" | "sources">;
}

const REPORTS = {
  overview: { compare: "previous" },
  sources: { compare: "previous" },
  purpose: {},
  verification: {},
} as const;

export async function workspaceTraffic(
  ctx: RequestContext,
  input: WindowInput & TrafficFilters,
): Promise<Result<WorkspaceTraffic | null, ReportTargetRefusal>> {
  const page = await listSites(database(ctx.env.DB), ctx.workspaceId, WORKSPACE_TRAFFIC_SITES, null);
  if (page.sites.length === 0) return ok(null);
  const answers = await Promise.all(
    page.sites.map((site) => trafficReport(ctx, { ...input, domain: site.domain, reports: REPORTS })),
  );
  const reports: Array<Extract<(typeof answers)[number], { ok: true }>["value"]> = [];
  for (const a of answers) {
    if (!a.ok) return a;
    reports.push(a.value);
  }
  const previous = (r: (typeof reports)[number]) => {
    if (!r.overview.previous || !r.sources.previous) throw new Error("compare=previous was asked for");
    return { overview: r.overview.previous, sources: r.sources.previous };
  };
  return ok({
    window: reports[0].window,
    timeZone: reports[0].timeZone,
    total: page.total,
    sites: reports
      .map((r) => ({
        site: { id: r.site.id, domain: r.site.domain, name: r.site.name },
        agentSessions: r.overview.total_sessions,
        previousAgentSessions: previous(r).overview.total_sessions,
        allSessions: r.sources.total_sessions,
      }))
      .sort((a, b) => b.agentSessions - a.agentSessions || b.allSessions - a.allSessions),
    overview: mergeOverviews(reports.map((r) => r.overview)),
    purpose: mergePurposes(reports.map((r) => r.purpose)),
    sources: mergeSources(reports.map((r) => r.sources)),
    verification: mergeVerification(reports.map((r) => r.verification)),
    previous: {
      overview: mergeOverviews(reports.map((r) => previous(r).overview)),
      sources: mergeSources(reports.map((r) => previous(r).sources)),
    },
  });
}
