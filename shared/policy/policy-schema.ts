import { z } from "zod";
import { EXCEPTION_ACTIONS, POLICY_ACTIONS, type PolicyAction } from "../vocabulary/policy-actions";
import { POLICY_PURPOSES, type PolicyPurpose } from "../vocabulary/policy-purposes";

// A site's agent policy (docs/policy.md), declared once: the v1 routes take and answer
// these shapes, their OpenAPI components and the MCP tools' schemas come from them, the
// app's form is checked by the same `SitePolicyInput`, and the use cases' types are
// `z.infer` of them.

/** How strict each action is: an unverified agent never gets a less strict one than the default (resolve-policy.ts). */
export const STRICTNESS: Record<PolicyAction, number> = { allow: 0, obey_robots: 1, block: 2 };

export const POLICY_LIMITS = {
  agents: 400,
  operators: 200,
  exceptions: 100,
  prefixBytes: 512,
  /** The merchant's own robots.txt rules: far above any real shop's file, and well inside the 500 KiB a crawler reads. */
  ownRulesBytes: 128 * 1024,
} as const;

/** A PUT body: the own rules and every list at its bound fit well inside it. */
export const POLICY_BODY_MAX_BYTES = 256 * 1024;

const Action = z.enum(POLICY_ACTIONS).meta({
  id: "PolicyAction",
  description:
    "`allow`: the collector lets the request through; `block`: it answers 403; `obey_robots`: it answers 403 when the robots.txt in force disallows the path for that agent.",
  example: "block",
});
const Purpose = z.enum(POLICY_PURPOSES).meta({
  id: "PolicyPurpose",
  description:
    "`crawl` (training or indexing crawl, no person waiting), `search` (AI search indexer), `user_action` (a fetch for a person's request), `agentic_browser` (a browser an agent drives for a person), `unknown` (purpose not stated).",
  example: "crawl",
});

/**
 * A path prefix as robots.txt reads a pattern without wildcards: it starts with `/`, is
 * printable ASCII without `*`, `$`, `#` or `%`, so "starts with" is the same test for the
 * collector and for a robots.txt parser (RFC 9309 §2.2.2) and the prefix can be written
 * into the managed file as it is.
 */
export const PathPrefix = z
  .string()
  .min(1)
  .max(POLICY_LIMITS.prefixBytes)
  .regex(/^\/[!-~]*$/, "a path prefix starts with / and holds printable ASCII only")
  .refine((p) => !/[*$#%]/.test(p), "a path prefix cannot hold *, $, # or % (write the path as it is requested)")
  .meta({ example: "/account" });

export const AgentRule = z
  .object({
    agent: z.string().min(1).max(100).meta({
      description: "An agent of the catalogue by its product token (`GET /api/v1/sites/{site_id}/policy` lists them).",
      example: "GPTBot",
    }),
    action: Action,
  })
  .meta({ id: "PolicyAgentRule" });

export const OperatorRule = z
  .object({
    operator: z.string().min(1).max(100).meta({ description: "An operator of the catalogue.", example: "OpenAI" }),
    purpose: Purpose.nullable().meta({
      description: "The operator's agents of this purpose; null for all of them.",
      example: null,
    }),
    action: Action,
  })
  .meta({ id: "PolicyOperatorRule" });

export const PathException = z
  .object({
    path_prefix: PathPrefix,
    action: z.enum(EXCEPTION_ACTIONS).meta({ id: "PolicyExceptionAction", example: "allow" }),
    purpose: Purpose.nullable().default(null).meta({ description: "Only agents of this purpose; null for any." }),
    operator: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .default(null)
      .meta({ description: "Only this operator's agents; null for any.", example: null }),
    agent: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .default(null)
      .meta({ description: "Only this agent; null for any.", example: null }),
  })
  .meta({
    id: "PolicyPathException",
    description:
      "Inside the prefix, the action replaces the agent's own: the longest matching prefix wins, then the narrowest scope (agent, operator, purpose, everyone), then block.",
  });

export const PolicyDefaults = z
  .object(Object.fromEntries(POLICY_PURPOSES.map((p) => [p, Action])) as Record<PolicyPurpose, typeof Action>)
  .meta({ id: "PolicyDefaults", description: "The action for each purpose when no agent or operator rule applies." });

export const ManagedRobots = z
  .object({
    enabled: z.boolean().meta({
      description:
        "True: the collectors serve /robots.txt rendered from the policy with `own_rules` merged (downloadable at `/policy/robots.txt`).",
      example: true,
    }),
    own_rules: z.string().max(POLICY_LIMITS.ownRulesBytes).meta({
      description: "The merchant's own robots.txt, kept and merged into the managed file.",
      example: "User-agent: *\nDisallow: /checkout\n",
    }),
  })
  .meta({ id: "ManagedRobots" });

/** What a merchant writes (PUT body, the app's form). */
export const SitePolicyInput = z
  .object({
    defaults: PolicyDefaults,
    operators: z.array(OperatorRule).max(POLICY_LIMITS.operators).default([]),
    agents: z.array(AgentRule).max(POLICY_LIMITS.agents).default([]),
    exceptions: z.array(PathException).max(POLICY_LIMITS.exceptions).default([]),
    robots: ManagedRobots.default({ enabled: false, own_rules: "" }),
    policy_url: z
      // Kept as the URL parser writes it: a `>`, space or quote percent-encoded, so it
      // cannot end the collectors' `Link: <…>` early or add a second link.
      .url({ protocol: /^https$/, normalize: true })
      .max(2048)
      .nullable()
      .default(null)
      .meta({
        description:
          "Where a blocked agent's 403 points (`Link`); null for the site's /robots.txt, which states the policy when managed.",
        example: null,
      }),
    version: z.number().int().min(0).optional().meta({
      description:
        "The version this edit starts from; when given and no longer current, the write is refused with 409 policy_version_conflict.",
      example: 3,
    }),
  })
  .meta({ id: "SitePolicyInput" });
export type SitePolicyInput = z.infer<typeof SitePolicyInput>;

/** A policy as stored (its rules, without the edit's `version`). */
export type PolicyRules = Omit<SitePolicyInput, "version">;

/** Nothing enforced: every purpose allowed, robots.txt left to the shop (a site without a saved policy). */
export const NEUTRAL_POLICY: PolicyRules = {
  defaults: { crawl: "allow", search: "allow", user_action: "allow", agentic_browser: "allow", unknown: "allow" },
  operators: [],
  agents: [],
  exceptions: [],
  robots: { enabled: false, own_rules: "" },
  policy_url: null,
};
