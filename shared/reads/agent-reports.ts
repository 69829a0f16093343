import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import type { AgentErrors, Coverage, CrawlToReferral, RobotsCompliance } from "../reports/agent-report-schemas";
import { bucketZone } from "../reports/zoned-buckets";
import { ok, type Result } from "../result/result";
import { robotsVersionsFor } from "../robots/robots-history";
import { siteShard } from "../shards/site-shard";
import { type ReportQuery, type ReportTarget, type ReportTargetRefusal, reportTarget } from "./report-target";
import { siteCoverage } from "./site-coverage";

// The reports over AI agents' logged requests, one use case each (docs/reports.md): the
// window and the site are resolved in the context's workspace, the numbers come from the
// site's analytics shard in one call, and every answer says the site's coverage. The v1
// routes, the MCP tools (through them), the dashboard's pages and their CSV call these.

export type AgentReportQuery = ReportQuery;
export type AgentReportRefusal = ReportTargetRefusal;

/** The target, the site's shard and its coverage, read beside the report. */
async function resolve(ctx: RequestContext, query: AgentReportQuery) {
  const target = await reportTarget(ctx, query);
  if (!target.ok) return target;
  const shard = siteShard(ctx.env, target.value.site.id);
  const coverage = () => siteCoverage(ctx.env, ctx.workspaceId, target.value.site);
  return ok({ ...target.value, shard, coverage });
}

function header(t: ReportTarget, anyRequests: boolean, coverage: Coverage) {
  return {
    domain: t.site.domain,
    site_id: t.site.id,
    period: t.window.period,
    period_start: new Date(t.window.start).toISOString(),
    period_end: new Date(t.window.end).toISOString(),
    data_status: anyRequests ? ("ok" as const) : ("no_requests_yet" as const),
    coverage,
  };
}

/** robots.txt compliance: each agent's requests judged by the robots.txt in force when made. */
export async function robotsComplianceReport(
  ctx: RequestContext,
  query: AgentReportQuery,
): Promise<Result<RobotsCompliance, AgentReportRefusal>> {
  const r = await resolve(ctx, query);
  if (!r.ok) return r;
  const { site, window } = r.value;
  const versions = await robotsVersionsFor(database(ctx.env.DB), site.domain, window.start, window.end);
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.value.shard.robotsCompliance({ start: window.start, end: window.end, versions }),
    r.value.coverage(),
  ]);
  return ok({ ...header(r.value, any_requests, coverage), ...body });
}

/** Crawl and search requests per human visit from the operator's assistant, per period. */
export async function crawlToReferralReport(
  ctx: RequestContext,
  query: AgentReportQuery,
): Promise<Result<CrawlToReferral, AgentReportRefusal>> {
  const r = await resolve(ctx, query);
  if (!r.ok) return r;
  const { site, window, interval, timeZone } = r.value;
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.value.shard.crawlToReferral({
      siteId: site.id,
      start: window.start,
      end: window.end,
      interval,
      zone: bucketZone(timeZone, window),
    }),
    r.value.coverage(),
  ]);
  return ok({ ...header(r.value, any_requests, coverage), timezone: timeZone, ...body });
}

/** Paths AI agents asked for that answered 4xx or 5xx, grouped, as redirect candidates. */
export async function agentErrorsReport(
  ctx: RequestContext,
  query: AgentReportQuery,
): Promise<Result<AgentErrors, AgentReportRefusal>> {
  const r = await resolve(ctx, query);
  if (!r.ok) return r;
  const { window } = r.value;
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.value.shard.agentErrors({ start: window.start, end: window.end }),
    r.value.coverage(),
  ]);
  return ok({ ...header(r.value, any_requests, coverage), ...body });
}
