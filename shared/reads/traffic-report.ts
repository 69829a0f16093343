import type { RequestContext } from "../context/request-context";
import type { Comparison, ReportParams } from "../reports/report-params";
import type { PurposeSplit, TrafficOverview, TrafficSources, VerificationBreakdown } from "../reports/report-schemas";
import { type TrafficFilters, trafficFiltersOf } from "../reports/traffic-filters";
import { ok, type Result } from "../result/result";
import { siteShard } from "../shards/site-shard";
import type { Coverage } from "../sites/coverage-schema";
import { type ReportQuery, type ReportTarget, type ReportTargetRefusal, reportTarget } from "./report-target";
import { siteCoverage } from "./site-coverage";

// The traffic report (docs/reports.md): overview, purpose split, sources and verification
// of one site over one window, each computed in the site's analytics shard (one call per
// report, the queries next to the data), with the previous period when asked and the
// site's coverage once for all of them. The filters (shared/reports/traffic-filters.ts)
// apply to every report of the request. The v1 report routes, the MCP tools (through
// them), the site dashboard, its CSV downloads, its shared link and the live view read it here.

export interface TrafficReports {
  overview: TrafficOverview;
  purpose: PurposeSplit;
  sources: TrafficSources;
  verification: VerificationBreakdown;
}
export type TrafficReportName = keyof TrafficReports;

type Shard = ReturnType<typeof siteShard>;
const COMPUTE: { [K in TrafficReportName]: (shard: Shard, params: ReportParams) => Promise<TrafficReports[K]> } = {
  overview: (shard, params) => shard.overview(params),
  purpose: (shard, params) => shard.purposeSplit(params),
  sources: (shard, params) => shard.sources(params),
  verification: (shard, params) => shard.verification(params),
};

export interface TrafficReportInput<N extends TrafficReportName> extends ReportQuery, TrafficFilters {
  /** The reports to compute, each with or without the previous equal period. */
  reports: { [K in N]: { compare?: Comparison } };
}

export type TrafficReportAnswer<N extends TrafficReportName> = ReportTarget & {
  data_coverage: Coverage;
} & { [K in N]: TrafficReports[K] };

export async function trafficReport<N extends TrafficReportName>(
  ctx: RequestContext,
  input: TrafficReportInput<N>,
): Promise<Result<TrafficReportAnswer<N>, ReportTargetRefusal>> {
  const target = await reportTarget(ctx, input);
  if (!target.ok) return target;
  const { site, window, interval, timeZone } = target.value;
  const shard = siteShard(ctx.env, site.id);
  const names = Object.keys(input.reports) as N[];
  const filters = trafficFiltersOf(input);
  const [data_coverage, ...computed] = await Promise.all([
    siteCoverage(ctx.env, ctx.workspaceId, site),
    ...names.map((name) =>
      COMPUTE[name](shard, {
        site,
        window,
        nowMs: ctx.nowMs,
        interval,
        timeZone,
        compare: input.reports[name].compare,
        filters,
      }),
    ),
  ]);
  const reports = Object.fromEntries(names.map((name, i) => [name, computed[i]])) as unknown as {
    [K in N]: TrafficReports[K];
  };
  return ok({ ...target.value, data_coverage: data_coverage as Coverage, ...reports });
}
