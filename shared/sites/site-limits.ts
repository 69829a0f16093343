// Contract "Limits": ceiling 1,000 sites per workspace, no per-plan limit.
export const SITES_PER_WORKSPACE = 1_000;

/** A site's display name, at most this many characters (v1 body and the app's form). */
export const SITE_NAME_MAX = 200;

export const COVERAGE_VALUES = ["all_traffic", "ai_and_tagged"] as const;
export type Coverage = (typeof COVERAGE_VALUES)[number];
