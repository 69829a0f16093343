import type { RequestContext } from "../context/request-context";
import { normalizeDomain } from "../domains/normalize-domain";
import { ok, type Result, refusal } from "../result/result";
import { installCheck, installChecks } from "../sessions/install-check";
import type { InstallCheckResult } from "../sessions/install-check-schema";
import { listWorkspaceSites } from "../sites/list-sites";
import { siteByDomain } from "../sites/site-by-domain";
import type { SiteRecord } from "../sites/site-row";

// The sites of a workspace with their install check (contract "Install check result"):
// the Sites page, a site's page and its polling twin, GET /api/v1/sites/install-check.

export interface SiteWithInstall {
  site: SiteRecord;
  install: InstallCheckResult | null;
}

/** The workspace's newest `limit` sites, each with its install check, in two D1 reads. */
export async function sitesWithInstall(
  ctx: RequestContext,
  input: { limit: number },
): Promise<Result<{ sites: SiteWithInstall[]; total: number; more: boolean }, "invalid_cursor">> {
  const page = await listWorkspaceSites(ctx, { limit: input.limit });
  if (!page.ok) return page;
  const domains = page.value.sites.map((s) => s.domain);
  const checks = await installChecks(ctx.env.DB, ctx.workspaceId, domains, ctx.baseUrl, ctx.nowMs);
  return ok({
    sites: page.value.sites.map((site) => ({ site, install: checks.get(site.domain) ?? null })),
    total: page.value.total,
    more: page.value.next_cursor !== null,
  });
}

/** One site of the workspace by its domain, with its install check. */
export async function siteWithInstall(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<{ site: SiteRecord; install: InstallCheckResult }, "invalid_domain" | "site_not_found">> {
  const site = await workspaceSite(ctx, input);
  if (!site.ok) return site;
  const install = await installCheck(ctx.env.DB, ctx.workspaceId, site.value.domain, ctx.baseUrl, ctx.nowMs);
  // Deleted between the two reads: as missing.
  if (!install) return { ok: false, code: "site_not_found" };
  return ok({ site: site.value, install });
}

/**
 * The install check of the workspace's site `domain` as a request names it (GET
 * /api/v1/sites/check-install, polled: one D1 read); another workspace's answers
 * `site_not_found` like a missing one.
 */
export async function siteInstallCheck(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<InstallCheckResult, "invalid_domain" | "site_not_found">> {
  const normalized = normalizeDomain(input.domain);
  if (!normalized.ok) return refusal("invalid_domain", normalized.message);
  const check = await installCheck(ctx.env.DB, ctx.workspaceId, normalized.domain, ctx.baseUrl, ctx.nowMs);
  return check ? ok(check) : refusal("site_not_found");
}

/** One site of the context's workspace by the domain a request names (another workspace's: `site_not_found`). */
export function workspaceSite(
  ctx: RequestContext,
  input: { domain: string },
): Promise<Result<SiteRecord, "invalid_domain" | "site_not_found">> {
  return siteByDomain(ctx.env.DB, ctx.workspaceId, input.domain);
}
