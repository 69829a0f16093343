// A word of a site's agent policy (docs/policy.md), declared once: the policy's zod
// shapes (shared/policy/policy-schema.ts), the collector document, the app's form and
// the words (shared/display) read it.

/**
 * Purposes the policy is written per (docs/policy.md "Purposes"): the traffic reports'
 * purposes (shared/classify/agents.ts `PURPOSES`), with the browser agents of
 * `user_action` set apart as `agentic_browser` (shared/policy/policy-agents.ts says which).
 */
export const POLICY_PURPOSES = ["crawl", "search", "user_action", "agentic_browser", "unknown"] as const;
export type PolicyPurpose = (typeof POLICY_PURPOSES)[number];
