import {
  type AddressSet,
  addressSet,
  type CompiledRule,
  compileRule,
  hasProductToken,
  inAddressSet,
  parseIp,
  prepareUserAgent,
  robotsAllows,
} from "./policy-match.js";

// The policy document a collector enforces (`CollectorPolicyDocument` in the v1 OpenAPI
// document, shared/policy/collector-document.ts), and the same compiled once for the
// request path: every decision in it was made by the service; the collector only
// recognises the agent and looks its decision up (docs/policy.md).

export type PolicyAction = "allow" | "block" | "obey_robots";

export interface PolicyDecision {
  base: PolicyAction;
  /** Longest prefix first. */
  paths: { prefix: string; action: PolicyAction }[];
}

export interface PolicyDocument {
  format: 1;
  domain: string;
  version: number;
  updated_at: string | null;
  policy_url: string;
  refresh_seconds: number;
  agents: {
    token: string;
    spellings: string[];
    only_with: string | null;
    not_with: string | null;
    operator: string;
    purpose: string;
    ip_lists: string[];
    robots_key: string;
    verified: PolicyDecision;
    declared: PolicyDecision;
  }[];
  ip_lists: Record<string, string[]>;
  robots: { source: "managed" | "site"; rules: Record<string, { allow: boolean; pattern: string }[]> } | null;
  managed_robots_txt: string | null;
}

export interface KnownAgent {
  token: string;
  operator: string;
  purpose: string;
  verified: PolicyDecision;
  declared: PolicyDecision;
  addresses: AddressSet[];
  robots: CompiledRule[] | null;
}

/** Why a request was blocked: the policy's own action, or the robots.txt in force under `obey_robots`. */
export type BlockReason = "policy" | "robots";

/** What the policy's mark on a record says (`ServerEventInput.policy` in the v1 OpenAPI document). */
export interface PolicyMark {
  decision: "blocked";
  reason: BlockReason;
  version: number;
}

export interface Verdict {
  agent: KnownAgent;
  verified: boolean;
  blocked: BlockReason | null;
}

// The same readings recur (a handful of User-Agents make most of a shop's traffic), and
// reading one walks the agent table: each compiled policy remembers its recent readings,
// cleared when full like the service's (shared/classify/user-agent.ts).
const MEMO_ENTRIES = 2_000;
const MEMO_MAX_LENGTH = 512;

export interface CompiledPolicy {
  document: PolicyDocument;
  /** The agent a User-Agent names, or null (a person, a search engine, anything else). */
  agentOf(userAgent: string | null | undefined): KnownAgent | null;
  /** The decision for one request, or null when no catalogue agent is named (never blocked). */
  decide(userAgent: string | null | undefined, ip: string | null | undefined, pathAndQuery: string): Verdict | null;
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * RFC 3986 §6.2.2.2: a percent-encoded unreserved character is that character, and
 * frameworks that decode the path before routing (Hono, Next.js) serve `/%61ccount` from
 * `/account`; so a path exception is tested on the path with those decoded.
 */
export function unreservedDecoded(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(/%[0-9A-Fa-f]{2}/g, (m) => {
    const ch = String.fromCharCode(Number.parseInt(m.slice(1), 16));
    return UNRESERVED.test(ch) ? ch : m;
  });
}

function actionAt(d: PolicyDecision, path: string): PolicyAction {
  for (const { prefix, action } of d.paths) if (path.startsWith(prefix)) return action;
  return d.base;
}

export function compilePolicy(document: PolicyDocument): CompiledPolicy {
  const sets = new Map(Object.entries(document.ip_lists).map(([id, cidrs]) => [id, addressSet(cidrs)]));
  const rules = document.robots
    ? new Map(
        Object.entries(document.robots.rules).map(([k, list]) => [k, list.map((r) => compileRule(r.allow, r.pattern))]),
      )
    : null;
  const agents = document.agents.map((a) => ({
    known: {
      token: a.token,
      operator: a.operator,
      purpose: a.purpose,
      verified: a.verified,
      declared: a.declared,
      addresses: a.ip_lists.flatMap((id) => sets.get(id) ?? []),
      robots: rules ? (rules.get(a.robots_key) ?? rules.get("*") ?? []) : null,
    } satisfies KnownAgent,
    onlyWith: a.only_with === null ? null : new RegExp(a.only_with, "i"),
    notWith: a.not_with === null ? null : new RegExp(a.not_with, "i"),
    spellings: a.spellings,
  }));
  // Longest spelling first: when several match, the longest wins (traffic-facts §2).
  const spellings = agents
    .flatMap((entry) => entry.spellings.map((lower) => ({ entry, lower })))
    .sort((x, y) => y.lower.length - x.lower.length);
  const memo = new Map<string, KnownAgent | null>();

  function read(userAgent: string): KnownAgent | null {
    const prepared = prepareUserAgent(userAgent);
    for (const { entry, lower } of spellings) {
      if (!hasProductToken(prepared, lower)) continue;
      if (entry.onlyWith && !entry.onlyWith.test(userAgent)) continue;
      if (entry.notWith?.test(userAgent)) continue;
      return entry.known;
    }
    return null;
  }

  function agentOf(userAgent: string | null | undefined): KnownAgent | null {
    if (!userAgent) return null;
    const known = memo.get(userAgent);
    if (known !== undefined) return known;
    const agent = read(userAgent);
    if (userAgent.length <= MEMO_MAX_LENGTH) {
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(userAgent, agent);
    }
    return agent;
  }

  return {
    document,
    agentOf,
    decide(userAgent, ip, pathAndQuery) {
      const agent = agentOf(userAgent);
      if (!agent) return null;
      const parsed = ip && agent.addresses.length > 0 ? parseIp(ip) : null;
      const verified = parsed !== null && agent.addresses.some((set) => inAddressSet(parsed, set));
      const action = actionAt(verified ? agent.verified : agent.declared, unreservedDecoded(pathAndQuery));
      let blocked: BlockReason | null = null;
      if (action === "block") blocked = "policy";
      // No robots.txt known: nothing to obey, nothing blocked.
      else if (action === "obey_robots" && agent.robots && !robotsAllows(agent.robots, pathAndQuery))
        blocked = "robots";
      return { agent, verified, blocked };
    },
  };
}

/** Whether a parsed body has the document's shape where the request path reads it (a signed body is the service's). */
export function isPolicyDocument(value: unknown): value is PolicyDocument {
  const d = value as PolicyDocument | null;
  return (
    typeof d === "object" &&
    d !== null &&
    d.format === 1 &&
    typeof d.domain === "string" &&
    typeof d.version === "number" &&
    Array.isArray(d.agents) &&
    typeof d.ip_lists === "object" &&
    d.ip_lists !== null
  );
}
