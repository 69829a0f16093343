import type { PolicyAction } from "../vocabulary/policy-actions";
import type { PolicyPurpose } from "../vocabulary/policy-purposes";
import { type PolicyRules, STRICTNESS } from "./policy-schema";

// What a policy decides for one agent, path by path (docs/policy.md "How a request is
// decided"), as a base action and the path prefixes where another applies. The
// collectors apply these decisions as they come in the policy document; the managed
// robots.txt is written from them; nothing else interprets the rules.

/** Who asks, as far as the policy reads it. `token`/`operator` null: an agent the catalogue does not name. */
export interface AgentFacts {
  token: string;
  operator: string;
  purpose: PolicyPurpose;
}

/**
 * An agent's decision: `base` everywhere, except under each prefix of `paths` (longest
 * first), where the longest prefix the request's path starts with decides. No prefix's
 * action equals the action of the region around it.
 */
export interface PathDecision {
  base: PolicyAction;
  paths: [prefix: string, action: PolicyAction][];
}

export const stricter = (a: PolicyAction, b: PolicyAction): PolicyAction => (STRICTNESS[a] >= STRICTNESS[b] ? a : b);

const same = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** The agent's own action: its agent rule, else its operator's rule for its purpose, else for all, else the default. */
function baseAction(policy: PolicyRules, facts: AgentFacts, identity: boolean): PolicyAction {
  if (identity) {
    const agent = policy.agents.find((r) => same(r.agent, facts.token));
    if (agent) return agent.action;
    const forPurpose = policy.operators.find((r) => same(r.operator, facts.operator) && r.purpose === facts.purpose);
    if (forPurpose) return forPurpose.action;
    const forAll = policy.operators.find((r) => same(r.operator, facts.operator) && r.purpose === null);
    if (forAll) return forAll.action;
  }
  return policy.defaults[facts.purpose];
}

/**
 * Each prefix's exception that applies to the agent: every field it names matches; the
 * narrowest scope wins (agent, then operator, then purpose), then `block`.
 * `identity`: false leaves out exceptions naming an agent or an operator.
 */
function exceptionActions(policy: PolicyRules, facts: AgentFacts, identity: boolean): Map<string, PolicyAction> {
  const best = new Map<string, { rank: number; action: PolicyAction }>();
  for (const e of policy.exceptions) {
    if ((e.agent !== null || e.operator !== null) && !identity) continue;
    if (e.agent !== null && !same(e.agent, facts.token)) continue;
    if (e.operator !== null && !same(e.operator, facts.operator)) continue;
    if (e.purpose !== null && e.purpose !== facts.purpose) continue;
    const rank = (e.agent !== null ? 4 : 0) + (e.operator !== null ? 2 : 0) + (e.purpose !== null ? 1 : 0);
    const held = best.get(e.path_prefix);
    if (!held || rank > held.rank || (rank === held.rank && STRICTNESS[e.action] > STRICTNESS[held.action]))
      best.set(e.path_prefix, { rank, action: e.action });
  }
  return new Map([...best].map(([prefix, { action }]) => [prefix, action]));
}

/** The action a decision gives a path (or a prefix standing for every path under it). */
export function actionAt(decision: PathDecision, path: string): PolicyAction {
  for (const [prefix, action] of decision.paths) if (path.startsWith(prefix)) return action;
  return decision.base;
}

/** A decision from a base and per-prefix actions: longest first, prefixes that change nothing dropped. */
function normalized(base: PolicyAction, at: Map<string, PolicyAction>): PathDecision {
  const shortestFirst = [...at.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const kept: PathDecision = { base, paths: [] };
  for (const prefix of shortestFirst) {
    const action = at.get(prefix) as PolicyAction;
    // kept.paths is longest first, so actionAt finds the region this prefix lies in.
    if (actionAt(kept, prefix) !== action) kept.paths.unshift([prefix, action]);
    kept.paths.sort((a, b) => b[0].length - a[0].length);
  }
  return kept;
}

function decide(policy: PolicyRules, facts: AgentFacts, identity: boolean): PathDecision {
  return normalized(baseAction(policy, facts, identity), exceptionActions(policy, facts, identity));
}

/**
 * The decision for an agent whose identity is verified (signature or published IP
 * range): every rule that names it, its operator or its purpose.
 */
export function verifiedDecision(policy: PolicyRules, facts: AgentFacts): PathDecision {
  return decide(policy, facts, true);
}

/**
 * The decision for an agent whose identity is only claimed (User-Agent, unlisted
 * signer): the stricter, path by path, of its verified decision and its purpose's
 * default with the exceptions that name no one. A claim can get an agent blocked, never
 * let it further than an agent nobody named would get (docs/policy.md "Claimed identities").
 */
export function declaredDecision(policy: PolicyRules, facts: AgentFacts): PathDecision {
  const own = decide(policy, facts, true);
  const baseline = decide(policy, facts, false);
  const prefixes = new Set([...own.paths, ...baseline.paths].map(([p]) => p));
  const at = new Map([...prefixes].map((p) => [p, stricter(actionAt(own, p), actionAt(baseline, p))]));
  return normalized(stricter(own.base, baseline.base), at);
}
