import { ipRangeLists } from "../classify/ip-range-cache";
import { actorRef, type RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { SiteRecord } from "../sites/site-row";
import { findSite, siteRefFrom } from "../sites/site-store";
import { managedRobotsOf, verifiableAgent } from "./collector-document";
import { policyAgentNamed, policyAgents, policyOperators } from "./policy-agents";
import { NEUTRAL_POLICY, type PolicyRules, type SitePolicyInput } from "./policy-schema";
import { readStoredPolicy, writePolicy } from "./policy-store";
import type { PolicyCatalogue, SitePolicy } from "./site-policy-view";

// Reading and writing a site's agent policy (docs/policy.md): one use case each, called
// by the v1 routes (and the MCP tools through them) and the app's policy page.

export type PolicySiteRefusal = "site_not_found";

/** The workspace's site named by id or domain; another workspace's answers like a missing one. */
export async function policySite(ctx: RequestContext, site: string): Promise<Result<SiteRecord, PolicySiteRefusal>> {
  const ref = siteRefFrom(site);
  const found = ref ? await findSite(database(ctx.env.DB), ctx.workspaceId, ref) : null;
  return found ? ok(found) : refusal("site_not_found");
}

/** Where a blocked agent's 403 points: the merchant's page, else the site's robots.txt. */
export const linkUrlOf = (rules: PolicyRules, domain: string) => rules.policy_url ?? `https://${domain}/robots.txt`;

/** A site's policy as stored, or the neutral one at version 0; `updatedAt` null when never saved. */
export async function currentPolicy(ctx: RequestContext, siteId: string) {
  const stored = await readStoredPolicy(database(ctx.env.DB), siteId);
  return stored
    ? { version: stored.version, rules: stored.rules, updatedAt: stored.updatedAt as number | null }
    : { version: 0, rules: NEUTRAL_POLICY, updatedAt: null as number | null };
}

async function view(ctx: RequestContext, site: SiteRecord): Promise<SitePolicy> {
  const { version, rules, updatedAt } = await currentPolicy(ctx, site.id);
  const managed = managedRobotsOf({
    domain: site.domain,
    version,
    policy: rules,
    ipLists: await ipRangeLists(ctx.env.DB, ctx.nowMs),
  });
  return {
    site_id: site.id,
    domain: site.domain,
    version,
    updated_at: updatedAt === null ? null : new Date(updatedAt).toISOString(),
    ...rules,
    link_url: linkUrlOf(rules, site.domain),
    dropped_robots_rules: managed?.dropped ?? [],
  };
}

/** A site's agent policy. */
export async function readSitePolicy(
  ctx: RequestContext,
  input: { site: string },
): Promise<Result<SitePolicy, PolicySiteRefusal>> {
  const site = await policySite(ctx, input.site);
  if (!site.ok) return site;
  return ok(await view(ctx, site.value));
}

type Names = { field: string; message: string } | null;

/** The first name of the policy that the catalogue does not know, or a rule given twice. */
function unknownName(policy: PolicyRules): Names {
  const operators = new Set(policyOperators.map((o) => o.toLowerCase()));
  const seen = new Set<string>();
  const twice = (key: string) => seen.has(key) || !seen.add(key);
  for (const [i, r] of policy.agents.entries()) {
    if (!policyAgentNamed(r.agent))
      return { field: `agents.${i}.agent`, message: `No agent ${r.agent} in the catalogue` };
    if (twice(`agent ${r.agent.toLowerCase()}`))
      return { field: `agents.${i}.agent`, message: `${r.agent} given twice` };
  }
  for (const [i, r] of policy.operators.entries()) {
    if (!operators.has(r.operator.toLowerCase()))
      return { field: `operators.${i}.operator`, message: `No operator ${r.operator} in the catalogue` };
    if (twice(`operator ${r.operator.toLowerCase()} ${r.purpose}`))
      return { field: `operators.${i}`, message: `${r.operator} (${r.purpose ?? "all purposes"}) given twice` };
  }
  for (const [i, e] of policy.exceptions.entries()) {
    if (e.agent !== null && !policyAgentNamed(e.agent))
      return { field: `exceptions.${i}.agent`, message: `No agent ${e.agent} in the catalogue` };
    if (e.operator !== null && !operators.has(e.operator.toLowerCase()))
      return { field: `exceptions.${i}.operator`, message: `No operator ${e.operator} in the catalogue` };
    const scope = `${e.path_prefix} ${e.purpose} ${e.operator?.toLowerCase()} ${e.agent?.toLowerCase()}`;
    if (twice(`exception ${scope}`))
      return { field: `exceptions.${i}`, message: `An exception for ${e.path_prefix} with this scope is given twice` };
  }
  return null;
}

/** The catalogue's own spellings, so rules match the reports' keys whatever case they were written in. */
function canonical(policy: PolicyRules): PolicyRules {
  const agent = (t: string) => policyAgentNamed(t)?.token ?? t;
  const operator = (o: string) => policyOperators.find((x) => x.toLowerCase() === o.toLowerCase()) ?? o;
  return {
    ...policy,
    agents: policy.agents.map((r) => ({ ...r, agent: agent(r.agent) })),
    operators: policy.operators.map((r) => ({ ...r, operator: operator(r.operator) })),
    exceptions: policy.exceptions.map((e) => ({
      ...e,
      agent: e.agent === null ? null : agent(e.agent),
      operator: e.operator === null ? null : operator(e.operator),
    })),
  };
}

/**
 * Saves a site's policy whole (the caller's schema has checked its shape): names are
 * checked against the catalogue, the version moves by one, and an edit naming a version
 * that is no longer current is refused (`policy_version_conflict`), never merged.
 */
export async function saveSitePolicy(
  ctx: RequestContext,
  input: { site: string; policy: SitePolicyInput },
): Promise<Result<SitePolicy, PolicySiteRefusal | "invalid_request" | "policy_version_conflict">> {
  const site = await policySite(ctx, input.site);
  if (!site.ok) return site;
  const { version: expected, ...rules } = input.policy;
  const problem = unknownName(rules);
  if (problem) return refusal("invalid_request", problem.message, { field: problem.field });
  const written = await writePolicy(database(ctx.env.DB), {
    siteId: site.value.id,
    workspaceId: ctx.workspaceId,
    rules: canonical(rules),
    expected,
    now: ctx.nowMs,
    actor: actorRef(ctx.actor),
  });
  if (written === null)
    return refusal(
      "policy_version_conflict",
      `The policy is no longer at version ${expected}: read it again and reapply the change`,
    );
  return ok(await view(ctx, site.value));
}

/** The agents and operators a policy may name, with what collectors can verify. */
export async function policyCatalogue(ctx: RequestContext): Promise<Result<PolicyCatalogue, never>> {
  const lists = await ipRangeLists(ctx.env.DB, ctx.nowMs);
  return ok({
    agents: policyAgents.map((a) => ({
      token: a.token,
      operator: a.operator,
      platform: a.platform,
      purpose: a.purpose,
      verifiable: verifiableAgent(a, lists),
      robots_token: a.robotsToken,
      ref: a.ref,
      robots_only: a.robotsOnly,
    })),
    operators: [...policyOperators],
  });
}
