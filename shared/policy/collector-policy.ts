import { ipRangeLists } from "../classify/ip-range-cache";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { recordRobotsFetch, robotsVersionsFor } from "../robots/robots-history";
import type { SiteRecord } from "../sites/site-row";
import { type CollectorPolicyDocument, collectorDocument, managedRobotsOf } from "./collector-document";
import { currentPolicy, linkUrlOf, type PolicySiteRefusal, policySite } from "./site-policy";

// What a collector fetches and what /robots.txt serves (docs/policy.md): the policy as
// decided per agent, and the managed robots.txt, both from the policy and the site's
// robots.txt history.

/** The newest version of the site's robots.txt history, or null when none is known. */
export async function newestRobotsVersion(ctx: RequestContext, domain: string) {
  const versions = await robotsVersionsFor(database(ctx.env.DB), domain, ctx.nowMs, ctx.nowMs + 1);
  return versions.at(-1) ?? null;
}

/** The newest robots.txt the site served (`""` for none), or null when none is known. */
async function newestSiteRobots(ctx: RequestContext, domain: string): Promise<string | null> {
  const newest = await newestRobotsVersion(ctx, domain);
  return newest ? (newest.kind === "rules" ? newest.body : "") : null;
}

async function documentOf(ctx: RequestContext, site: SiteRecord): Promise<CollectorPolicyDocument> {
  const { version, rules, updatedAt } = await currentPolicy(ctx, site.id);
  const [ipLists, siteRobots] = await Promise.all([
    ipRangeLists(ctx.env.DB, ctx.nowMs),
    rules.robots.enabled ? null : newestSiteRobots(ctx, site.domain),
  ]);
  return collectorDocument({
    domain: site.domain,
    version,
    policy: rules,
    ipLists,
    siteRobots,
    policyUrl: linkUrlOf(rules, site.domain),
    updatedAt,
  });
}

/**
 * Files the managed robots.txt in the site's robots.txt history when a collector takes
 * it and it is not the newest version already: from then on collectors serve it, so the
 * compliance report judges requests against it (docs/reports.md "robots.txt history").
 */
async function recordManagedVersion(ctx: RequestContext, domain: string, body: string): Promise<void> {
  const db = database(ctx.env.DB);
  const newest = (await robotsVersionsFor(db, domain, ctx.nowMs, ctx.nowMs + 1)).at(-1);
  if (newest?.kind === "rules" && newest.body === body) return;
  await recordRobotsFetch(db, domain, { status: 200, error: null }, { kind: "rules", status: 200, body }, ctx.nowMs);
}

/**
 * The policy document for a site's collectors (`GET /api/v1/sites/{site_id}/policy/collector`),
 * as the JSON text that is signed and sent. Taking a document with a managed robots.txt
 * files that robots.txt as the version in force.
 */
export async function collectorPolicy(
  ctx: RequestContext,
  input: { site: string },
): Promise<Result<{ document: CollectorPolicyDocument; body: string }, PolicySiteRefusal>> {
  const site = await policySite(ctx, input.site);
  if (!site.ok) return site;
  const document = await documentOf(ctx, site.value);
  if (document.managed_robots_txt !== null)
    await recordManagedVersion(ctx, site.value.domain, document.managed_robots_txt);
  return ok({ document, body: JSON.stringify(document) });
}

/**
 * The managed robots.txt of a site's policy, to download or review: the file collectors
 * serve while `robots.enabled`, and the file they would serve otherwise.
 */
export async function managedRobotsTxt(
  ctx: RequestContext,
  input: { site: string },
): Promise<Result<{ body: string; enabled: boolean; version: number }, PolicySiteRefusal>> {
  const site = await policySite(ctx, input.site);
  if (!site.ok) return site;
  const { version, rules } = await currentPolicy(ctx, site.value.id);
  const managed = managedRobotsOf({
    domain: site.value.domain,
    version,
    policy: { ...rules, robots: { ...rules.robots, enabled: true } },
    ipLists: await ipRangeLists(ctx.env.DB, ctx.nowMs),
  });
  return ok({ body: managed?.body ?? "", enabled: rules.robots.enabled, version });
}
