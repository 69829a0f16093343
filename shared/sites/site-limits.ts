// Contract "Limits": ceiling 1,000 sites per workspace, no per-plan limit.
export const SITES_PER_WORKSPACE = 1_000;

export const COVERAGE_VALUES = ["all_traffic", "ai_and_tagged"] as const;
export type Coverage = (typeof COVERAGE_VALUES)[number];
