import { z } from "zod";

/**
 * The outcome vocabulary of a session (docs/decisions.md#5-traffic-reports), declared
 * once: the type, the zod enum of the reports, `outcomeOf` for code and the SQL
 * fragment for queries all come from the two tables below.
 */
export const OUTCOMES = ["completed", "abandoned", "not_attempted"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OutcomeSchema = z.enum(OUTCOMES);

/** The `sessions` evidence columns an outcome is decided from (schema/sessions.ts). */
export interface OutcomeEvidence {
  reached_purchase: boolean;
  reached_cart: boolean;
}

/** First matching rule wins: purchase reached → completed; cart or checkout without it → abandoned. */
const OUTCOME_RULES: readonly { when: keyof OutcomeEvidence; outcome: Outcome }[] = [
  { when: "reached_purchase", outcome: "completed" },
  { when: "reached_cart", outcome: "abandoned" },
];
const NO_EVIDENCE: Outcome = "not_attempted";

export function outcomeOf(reachedCart: boolean, reachedPurchase: boolean): Outcome {
  const evidence: OutcomeEvidence = { reached_purchase: reachedPurchase, reached_cart: reachedCart };
  return OUTCOME_RULES.find((rule) => evidence[rule.when])?.outcome ?? NO_EVIDENCE;
}

/** The same rule over a `sessions` row, for SQL (the rollup and the live report side). */
export const OUTCOME_SQL = `CASE ${OUTCOME_RULES.map((r) => `WHEN ${r.when} = 1 THEN '${r.outcome}'`).join(" ")} ELSE '${NO_EVIDENCE}' END`;
