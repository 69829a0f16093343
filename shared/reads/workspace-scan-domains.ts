import type { RequestContext } from "../context/request-context";
import { MONITORS_PER_WORKSPACE } from "../monitors/monitor-limits";
import { ok, type Result } from "../result/result";
import { SITES_PER_WORKSPACE } from "../sites/site-limits";

// The domains whose scan reports a workspace sees inside the application: its sites'
// and its monitors' domains (docs/app.md "Scan reports"). Scans themselves are stored per
// domain, not per workspace (the public /scan/{id} is public by design), so this list is
// what keeps one workspace's in-app reports to its own domains.

export interface WorkspaceScanDomain {
  domain: string;
  site: boolean;
  monitor: boolean;
  /** The domain's latest stored scan, or null before its first. */
  latest: { id: string; overallScore: number; lastSeenAt: number } | null;
}

const MAX_DOMAINS = SITES_PER_WORKSPACE + MONITORS_PER_WORKSPACE;

/**
 * Every domain of the workspace's sites and monitors, A-Z, each with its latest scan:
 * one statement (the latest scan by index scans_domain_last_seen_idx per domain).
 */
export async function workspaceScanDomains(
  ctx: RequestContext,
  _input: Record<string, never>,
): Promise<Result<WorkspaceScanDomain[], never>> {
  const { results } = await ctx.env.DB.prepare(
    `WITH d AS (
         SELECT domain, 1 AS site, 0 AS monitor FROM sites WHERE workspace_id = ?1
         UNION ALL SELECT domain, 0, 1 FROM monitors WHERE workspace_id = ?1
       ), w AS (SELECT domain, max(site) AS site, max(monitor) AS monitor FROM d GROUP BY domain)
       SELECT w.domain, w.site, w.monitor, s.id, s.overall_score, s.last_seen_at
       FROM w LEFT JOIN scans s ON s.id = (
         SELECT x.id FROM scans x WHERE x.domain = w.domain ORDER BY x.last_seen_at DESC LIMIT 1)
       ORDER BY w.domain LIMIT ?2`,
  )
    .bind(ctx.workspaceId, MAX_DOMAINS)
    .all<{
      domain: string;
      site: number;
      monitor: number;
      id: string | null;
      overall_score: number | null;
      last_seen_at: number | null;
    }>();
  return ok(
    results.map((r) => ({
      domain: r.domain,
      site: r.site === 1,
      monitor: r.monitor === 1,
      latest: r.id === null ? null : { id: r.id, overallScore: r.overall_score ?? 0, lastSeenAt: r.last_seen_at ?? 0 },
    })),
  );
}

/** Whether `domain` (normalised) is one of the workspace's sites or monitors. */
export async function isWorkspaceScanDomain(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<boolean, never>> {
  const row = await ctx.env.DB.prepare(
    `SELECT 1 FROM sites WHERE workspace_id = ?1 AND domain = ?2
       UNION ALL SELECT 1 FROM monitors WHERE workspace_id = ?1 AND domain = ?2 LIMIT 1`,
  )
    .bind(ctx.workspaceId, input.domain)
    .first();
  return ok(row !== null);
}
