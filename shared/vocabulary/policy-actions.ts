// A word of a site's agent policy (docs/policy.md), declared once: the policy's zod
// shapes (shared/policy/policy-schema.ts), the collector document, the app's form and
// the words (shared/display) read it.

/** What the policy does to an identified agent's request. */
export const POLICY_ACTIONS = ["allow", "block", "obey_robots"] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** What a path exception does inside its prefix: `obey_robots` is an agent's or a purpose's rule, not a path's. */
export const EXCEPTION_ACTIONS = ["allow", "block"] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];
