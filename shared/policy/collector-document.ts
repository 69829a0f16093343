import { z } from "zod";
import { rulesFor } from "../robots/is-allowed";
import { parseRobots } from "../robots/parse-robots";
import { POLICY_ACTIONS } from "../vocabulary/policy-actions";
import { POLICY_PURPOSES } from "../vocabulary/policy-purposes";
import { managedRobots } from "./managed-robots";
import { type PolicyAgent, policyAgents } from "./policy-agents";
import type { PolicyRules } from "./policy-schema";
import { declaredDecision, type PathDecision, verifiedDecision } from "./resolve-policy";

// The document a collector enforces (docs/policy.md "What a collector fetches"): every
// decision already made per agent, the table to recognise agents by (User-Agent tokens,
// published IP ranges) and the robots.txt rules in force, so the collector decides each
// request locally with no rule of its own. Signed per key (document-signature.ts).

export const COLLECTOR_DOCUMENT_FORMAT = 1;
/** How often a collector asks for a newer document (an unchanged one answers 304). */
export const POLICY_REFRESH_SECONDS = 60;

const Action = z.enum(POLICY_ACTIONS);
const Decision = z
  .object({
    base: Action,
    paths: z
      .array(z.object({ prefix: z.string(), action: Action }))
      .meta({ description: "Longest prefix first: the first the path (and query) starts with decides." }),
  })
  .meta({ id: "PolicyDecision" });

export const CollectorPolicyDocument = z
  .object({
    format: z.literal(COLLECTOR_DOCUMENT_FORMAT),
    domain: z.string().meta({ example: "shop.example.com" }),
    version: z.number().int().meta({ description: "The policy's version (0: no policy saved).", example: 4 }),
    updated_at: z
      .string()
      .nullable()
      .meta({ format: "date-time", description: "When the policy was last saved; null when never." }),
    policy_url: z
      .string()
      .meta({ description: 'Where a blocked agent\'s 403 points (`Link: <…>; rel="describedby"`).' }),
    refresh_seconds: z.number().int().meta({ example: POLICY_REFRESH_SECONDS }),
    agents: z
      .array(
        z.object({
          token: z.string().meta({ example: "GPTBot" }),
          spellings: z.array(z.string()).meta({ description: "Product tokens to look for, lower case." }),
          only_with: z
            .string()
            .nullable()
            .meta({ description: "Case-insensitive pattern the User-Agent must also match." }),
          not_with: z.string().nullable().meta({ description: "Case-insensitive pattern that rules the match out." }),
          operator: z.string(),
          purpose: z.enum(POLICY_PURPOSES),
          ip_lists: z.array(z.string()).meta({ description: "Keys of `ip_lists` whose addresses verify it." }),
          robots_key: z.string().meta({ description: "Key of `robots.rules` read for it (RFC 9309 product token)." }),
          verified: Decision,
          declared: Decision,
        }),
      )
      .meta({ description: "Catalogue agents, in catalogue order; the longest spelling a User-Agent names wins." }),
    ip_lists: z.record(z.string(), z.array(z.string())).meta({ description: "Published CIDRs by list id." }),
    robots: z
      .object({
        source: z.enum(["managed", "site"]).meta({
          description: "`managed`: the policy's robots.txt; `site`: the newest robots.txt the site served (history).",
        }),
        rules: z
          .record(z.string(), z.array(z.object({ allow: z.boolean(), pattern: z.string() })))
          .meta({ description: "Rules per product token (`*` for the rest), as written (RFC 9309)." }),
      })
      .nullable()
      .meta({
        description: "The robots.txt in force, for `obey_robots`; null when none is known (nothing is judged).",
      }),
    managed_robots_txt: z
      .string()
      .nullable()
      .meta({ description: "The file collectors serve at /robots.txt; null when the policy does not manage it." }),
  })
  .meta({ id: "CollectorPolicyDocument" });
export type CollectorPolicyDocument = z.infer<typeof CollectorPolicyDocument>;

export interface DocumentInput {
  domain: string;
  version: number;
  policy: PolicyRules;
  /** Published IP ranges by list id (bundled, overlaid by the refreshed ones). */
  ipLists: Readonly<Record<string, readonly string[]>>;
  /** The site's newest robots.txt version: its body, `""` for none (4xx), null when none is known. */
  siteRobots: string | null;
  policyUrl: string;
  /** When the policy was saved (epoch ms), null when never: the document depends on nothing else that moves. */
  updatedAt: number | null;
}

/** An agent the collector can verify: its operator publishes IP ranges we hold. */
export function verifiableAgent(agent: PolicyAgent, ipLists: DocumentInput["ipLists"]): boolean {
  return agent.ipLists.some((id) => (ipLists[id]?.length ?? 0) > 0);
}

const factsOf = (a: PolicyAgent) => ({ token: a.token, operator: a.operator, purpose: a.purpose });

/**
 * Each agent's decision as the managed robots.txt addresses it: the verified one when
 * the collector can verify the agent, else the declared one (what the agent will get).
 */
export function robotsDecisions(policy: PolicyRules, ipLists: DocumentInput["ipLists"]) {
  return policyAgents.map((agent) => ({
    agent,
    decision:
      verifiableAgent(agent, ipLists) || agent.robotsOnly
        ? verifiedDecision(policy, factsOf(agent))
        : declaredDecision(policy, factsOf(agent)),
  }));
}

/** The managed robots.txt of a policy, or null when it does not manage robots.txt. */
export function managedRobotsOf(input: Omit<DocumentInput, "siteRobots" | "policyUrl" | "updatedAt">) {
  if (!input.policy.robots.enabled) return null;
  return managedRobots({
    domain: input.domain,
    version: input.version,
    ownRules: input.policy.robots.own_rules,
    agents: robotsDecisions(input.policy, input.ipLists),
  });
}

export function collectorDocument(input: DocumentInput): CollectorPolicyDocument {
  // robots.txt-only tokens too: a request naming one is an agent claiming it (never verified).
  const agents = policyAgents;
  const managed = managedRobotsOf(input);
  const inForce = managed?.body ?? input.siteRobots;
  let robots: CollectorPolicyDocument["robots"] = null;
  if (inForce !== null) {
    const parsed = parseRobots(inForce);
    const keys = new Set(["*", ...parsed.groups.flatMap((g) => g.agents)]);
    const rules = Object.fromEntries(
      [...keys]
        .filter((k) => k !== "")
        .map((k) => [k, (rulesFor(parsed, k) ?? []).map((r) => ({ allow: r.allow, pattern: r.pattern }))]),
    );
    robots = { source: managed ? "managed" : "site", rules };
  }
  const listIds = new Set(agents.flatMap((a) => a.ipLists));
  const decision = (d: PathDecision) => ({
    base: d.base,
    paths: d.paths.map(([prefix, action]) => ({ prefix, action })),
  });
  return {
    format: COLLECTOR_DOCUMENT_FORMAT,
    domain: input.domain,
    version: input.version,
    updated_at: input.updatedAt === null ? null : new Date(input.updatedAt).toISOString(),
    policy_url: input.policyUrl,
    refresh_seconds: POLICY_REFRESH_SECONDS,
    agents: agents.map((a) => ({
      token: a.token,
      spellings: a.spellings,
      only_with: a.onlyWith?.source ?? null,
      not_with: a.notWith?.source ?? null,
      operator: a.operator,
      purpose: a.purpose,
      ip_lists: a.ipLists.filter((id) => (input.ipLists[id]?.length ?? 0) > 0),
      robots_key: a.robotsKey,
      verified: decision(verifiedDecision(input.policy, factsOf(a))),
      declared: decision(declaredDecision(input.policy, factsOf(a))),
    })),
    ip_lists: Object.fromEntries(
      [...listIds].filter((id) => (input.ipLists[id]?.length ?? 0) > 0).map((id) => [id, [...input.ipLists[id]]]),
    ),
    robots,
    managed_robots_txt: managed?.body ?? null,
  };
}
