import type { RequestContext } from "../context/request-context";
import type { BlockedRequests } from "../policy/blocked-requests-schema";
import { ok, type Result } from "../result/result";
import { siteShard } from "../shards/site-shard";
import { type ReportQuery, type ReportTargetRefusal, reportTarget } from "./report-target";

/**
 * The requests collectors answered 403 under the site's agent policy, per agent, in a
 * window (docs/policy.md "Blocked requests"): the v1 route, its MCP tool and the app's
 * policy page read it here.
 */
export async function blockedRequestsReport(
  ctx: RequestContext,
  query: Omit<ReportQuery, "interval" | "timezone">,
): Promise<Result<BlockedRequests, ReportTargetRefusal>> {
  const target = await reportTarget(ctx, query);
  if (!target.ok) return target;
  const { site, window } = target.value;
  const body = await siteShard(ctx.env, site.id).blockedRequests({ start: window.start, end: window.end });
  return ok({
    domain: site.domain,
    site_id: site.id,
    period: window.period,
    period_start: new Date(window.start).toISOString(),
    period_end: new Date(window.end).toISOString(),
    ...body,
  });
}
