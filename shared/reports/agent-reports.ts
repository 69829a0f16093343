import { database } from "../db/client";
import { SERVER_EVENTS_VIA } from "../drains/agent-request-rows";
import { siteCoverage } from "../reads/site-coverage";
import { ok, type Result } from "../result/result";
import { robotsVersionsFor } from "../robots/robots-history";
import { siteShard } from "../shards/site-shard";
import { siteByDomain } from "../sites/site-by-domain";
import type { SiteRecord } from "../sites/site-row";
import { DEFAULT_TIME_ZONE, parseTimeZone } from "../time/time-zone";
import type { AgentErrors, Coverage, CrawlToReferral, RobotsCompliance } from "./agent-report-schemas";
import { type ReportWindow, reportWindow, type WindowInput } from "./report-window";
import { type SeriesInterval, seriesInterval } from "./time-series";
import { bucketZone } from "./zoned-buckets";

// The reports over AI agents' logged requests, one use case each (docs/reports.md):
// the window and the site are resolved in the caller's workspace, the numbers come from
// the site's analytics shard in one call, and every answer says the site's coverage.
// The v1 routes, the MCP tools (through the routes) and the dashboard call these.

export { SERVER_EVENTS_VIA };

export interface AgentReportEnv {
  DB: D1Database;
  ANALYTICS_SHARD: DurableObjectNamespace;
}

export interface AgentReportQuery extends WindowInput {
  domain: string;
  interval?: SeriesInterval;
  /** IANA zone of crawl-to-referral's buckets (docs/reports.md "Time zones"); UTC when absent. */
  timezone?: string;
}

export type AgentReportRefusal = "invalid_window" | "invalid_timezone" | "invalid_domain" | "site_not_found";

interface Resolved {
  site: SiteRecord;
  window: ReportWindow;
  timeZone: string;
  shard: ReturnType<typeof siteShard>;
  coverage: () => Promise<Coverage>;
}

async function resolve(
  env: AgentReportEnv,
  workspaceId: string,
  query: AgentReportQuery,
  nowMs: number,
): Promise<Result<Resolved, AgentReportRefusal>> {
  const window = reportWindow(query, nowMs);
  if (!window.ok) return window;
  const timeZone = parseTimeZone(query.timezone ?? DEFAULT_TIME_ZONE);
  if (!timeZone.ok) return timeZone;
  const site = await siteByDomain(env.DB, workspaceId, query.domain);
  if (!site.ok) return site;
  const shard = siteShard(env, site.value.id);
  const coverage = () => siteCoverage(env, workspaceId, site.value);
  return ok({ site: site.value, window: window.value, timeZone: timeZone.value, shard, coverage });
}

function header(r: Resolved, anyRequests: boolean, coverage: Coverage) {
  return {
    domain: r.site.domain,
    site_id: r.site.id,
    period: r.window.period,
    period_start: new Date(r.window.start).toISOString(),
    period_end: new Date(r.window.end).toISOString(),
    data_status: anyRequests ? ("ok" as const) : ("no_requests_yet" as const),
    coverage,
  };
}

/** robots.txt compliance: each agent's requests judged by the robots.txt in force when made. */
export async function robotsComplianceReport(
  env: AgentReportEnv,
  workspaceId: string,
  query: AgentReportQuery,
  nowMs: number = Date.now(),
): Promise<Result<RobotsCompliance, AgentReportRefusal>> {
  const resolved = await resolve(env, workspaceId, query, nowMs);
  if (!resolved.ok) return resolved;
  const r = resolved.value;
  const versions = await robotsVersionsFor(database(env.DB), r.site.domain, r.window.start, r.window.end);
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.shard.robotsCompliance({ start: r.window.start, end: r.window.end, versions }),
    r.coverage(),
  ]);
  return ok({ ...header(r, any_requests, coverage), ...body });
}

/** Crawl and search requests per human visit from the operator's assistant, per period. */
export async function crawlToReferralReport(
  env: AgentReportEnv,
  workspaceId: string,
  query: AgentReportQuery,
  nowMs: number = Date.now(),
): Promise<Result<CrawlToReferral, AgentReportRefusal>> {
  const resolved = await resolve(env, workspaceId, query, nowMs);
  if (!resolved.ok) return resolved;
  const r = resolved.value;
  const interval = seriesInterval(r.window, query.interval);
  if (!interval.ok) return interval;
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.shard.crawlToReferral({
      siteId: r.site.id,
      start: r.window.start,
      end: r.window.end,
      interval: interval.value,
      zone: bucketZone(r.timeZone, r.window),
    }),
    r.coverage(),
  ]);
  return ok({ ...header(r, any_requests, coverage), timezone: r.timeZone, ...body });
}

/** Paths AI agents asked for that answered 4xx or 5xx, grouped, as redirect candidates. */
export async function agentErrorsReport(
  env: AgentReportEnv,
  workspaceId: string,
  query: AgentReportQuery,
  nowMs: number = Date.now(),
): Promise<Result<AgentErrors, AgentReportRefusal>> {
  const resolved = await resolve(env, workspaceId, query, nowMs);
  if (!resolved.ok) return resolved;
  const r = resolved.value;
  const [{ any_requests, ...body }, coverage] = await Promise.all([
    r.shard.agentErrors({ start: r.window.start, end: r.window.end }),
    r.coverage(),
  ]);
  return ok({ ...header(r, any_requests, coverage), ...body });
}
