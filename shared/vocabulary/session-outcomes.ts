import { z } from "zod";

/**
 * The outcome vocabulary of a session (docs/decisions.md#5-traffic-reports, docs/reports.md
 * "Outcomes"), declared once: the type, the zod enum of the reports, `outcomeOf` for code
 * and the SQL fragments for queries all come from the tables below.
 *
 * An outcome describes a shopping visit. It applies to people and to software acting for
 * a person (or not saying why it came); a crawl or an AI search fetch indexes or trains,
 * so touching /cart is not leaving a cart: its outcome is `not_applicable`. The stored
 * `sessions.outcome` keeps the evidence (what the pages show); the reports, lists and
 * journeys read the outcome through `outcomeSql`, so the rule is applied in one place.
 */
export const OUTCOMES = ["completed", "abandoned", "not_attempted", "not_applicable"] as const;
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

/** Purposes (shared/classify/agents.ts) of agents that do not shop: their sessions have no outcome. */
export const NO_SHOPPING_PURPOSES = ["crawl", "search"] as const;
const NOT_APPLICABLE: Outcome = "not_applicable";

export function outcomeOf(reachedCart: boolean, reachedPurchase: boolean, purpose: string | null = null): Outcome {
  if ((NO_SHOPPING_PURPOSES as readonly (string | null)[]).includes(purpose)) return NOT_APPLICABLE;
  const evidence: OutcomeEvidence = { reached_purchase: reachedPurchase, reached_cart: reachedCart };
  return OUTCOME_RULES.find((rule) => evidence[rule.when])?.outcome ?? NO_EVIDENCE;
}

/** The evidence rule over a `sessions` row, for SQL (what the session-end rollup stores). */
export const OUTCOME_SQL = `CASE ${OUTCOME_RULES.map((r) => `WHEN ${r.when} = 1 THEN '${r.outcome}'`).join(" ")} ELSE '${NO_EVIDENCE}' END`;

/** The purpose condition of a session that does not shop, over a table with a `purpose` column. */
export const NO_SHOPPING_SQL = `coalesce(purpose, '') IN (${NO_SHOPPING_PURPOSES.map((p) => `'${p}'`).join(", ")})`;

/** The outcome as the reports read it: `not_applicable` for a crawl or search fetch, else `evidence`. */
export function outcomeSql(evidence: string): string {
  return `CASE WHEN ${NO_SHOPPING_SQL} THEN '${NOT_APPLICABLE}' ELSE ${evidence} END`;
}
