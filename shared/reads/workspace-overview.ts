import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { onboardingFacts, onboardingSteps, type StepState } from "../onboarding/onboarding-steps";
import { ok, type Result } from "../result/result";
import { installChecks } from "../sessions/install-check";
import type { InstallStatus } from "../sessions/install-status";
import { siteShard } from "../shards/site-shard";
import { listSites } from "../sites/list-sites";
import type { SiteRecord } from "../sites/site-row";
import { periodWindow } from "../time/periods";

/** How many sites the overview reports on (the newest): each costs one shard call. */
export const OVERVIEW_SITES = 12;

export interface SiteWeek {
  site: SiteRecord;
  status: InstallStatus | null;
  /** The 7-day overview report's `total_sessions`. */
  agentSessions: number;
  /** Its `unique_visitors`. */
  uniqueVisitors: number;
  /** Its first `by_platform` row's platform. */
  topPlatform: string | null;
}

export interface WorkspaceOverview {
  /** The setup checklist (shared/onboarding/onboarding-steps.ts). */
  steps: StepState[];
  /** Sites in the workspace; `sites` holds the newest OVERVIEW_SITES. */
  total: number;
  sites: SiteWeek[];
}

/** The setup checklist alone (the overview page shows it above the workspace's dashboard). */
export async function setupSteps(ctx: RequestContext): Promise<Result<StepState[], never>> {
  return ok(onboardingSteps(await onboardingFacts(database(ctx.env.DB), ctx.workspaceId)));
}

/**
 * The workspace's landing numbers: the setup checklist, and the last 7 days of its newest
 * sites, each site's overview report for the contract's `7d` period (one shard call per
 * site, in parallel, as `GET /api/v1/traffic/overview?period=7d` reads it) with every
 * site's install status in one D1 read.
 */
export async function workspaceOverview(ctx: RequestContext): Promise<Result<WorkspaceOverview, never>> {
  const db = database(ctx.env.DB);
  const [checklist, page] = await Promise.all([setupSteps(ctx), listSites(db, ctx.workspaceId, OVERVIEW_SITES, null)]);
  if (!checklist.ok) return checklist;
  const steps = checklist.value;
  if (page.sites.length === 0) return ok({ steps, total: 0, sites: [] });
  const window = { period: "7d" as const, ...periodWindow("7d", ctx.nowMs) };
  const domains = page.sites.map((s) => s.domain);
  const [checks, ...overviews] = await Promise.all([
    installChecks(ctx.env.DB, ctx.workspaceId, domains, ctx.baseUrl, ctx.nowMs),
    ...page.sites.map((site) => siteShard(ctx.env, site.id).overview({ site, window, nowMs: ctx.nowMs })),
  ]);
  return ok({
    steps,
    total: page.total,
    sites: page.sites.map((site, i) => ({
      site,
      status: checks.get(site.domain)?.status ?? null,
      agentSessions: overviews[i].total_sessions,
      uniqueVisitors: overviews[i].unique_visitors,
      topPlatform: overviews[i].by_platform[0]?.platform ?? null,
    })),
  });
}
