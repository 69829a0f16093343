import type { Draft } from "../pipeline-types";

const AI_AND_TAGGED = new Set(["ai_assistant_session", "ai_assistant_link", "paid", "tagged"]);

/**
 * Coverage `ai_and_tagged` (contract, Traffic sources): plain human visits are not
 * recorded. Such an event may still continue a session that AI or tagged traffic
 * started (its later pages have internal referrers); the consumer decides that.
 */
export function applyCoverage(d: Draft): Draft {
  const mayStartSession = d.site.coverage !== "ai_and_tagged" || AI_AND_TAGGED.has(d.source ?? "direct");
  return { ...d, mayStartSession };
}
