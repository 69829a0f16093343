import { z } from "zod";

/**
 * The words of agentic checkout (docs/integrations/agentic-checkout.md), declared once:
 * the collectors' order record, the `agent_checkouts` table, the reports and their
 * OpenAPI enums use these lists.
 */

/** Agentic Commerce Protocol (OpenAI, Stripe) and Universal Commerce Protocol (checkout capability). */
export const COMMERCE_PROTOCOLS = ["acp", "ucp"] as const;
export type CommerceProtocol = (typeof COMMERCE_PROTOCOLS)[number];

/** How the agent reached the checkout: the protocol's REST endpoints, or its MCP binding's tools. */
export const CHECKOUT_BINDINGS = ["rest", "mcp"] as const;
export type CheckoutBinding = (typeof CHECKOUT_BINDINGS)[number];

/**
 * How a checkout ended, strongest first: a later record of a checkout replaces the
 * stored one only when its outcome ranks higher (a failed payment then a completion is
 * one completed order; a completion is never undone by a retry's error).
 */
export const CHECKOUT_OUTCOMES = ["completed", "canceled", "failed"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];
export const CheckoutOutcomeSchema = z.enum(CHECKOUT_OUTCOMES);

/** SQL rank of an outcome column (higher wins), from the list's order. */
export function outcomeRankSql(column: string): string {
  const n = CHECKOUT_OUTCOMES.length;
  return `CASE ${column} ${CHECKOUT_OUTCOMES.map((o, i) => `WHEN '${o}' THEN ${n - i}`).join(" ")} ELSE 0 END`;
}
