import { AI_PLATFORMS } from "../classify/platforms";

/**
 * The channels an order is counted in (docs/conversions.md "Orders by channel"), declared
 * once: the report's SQL, its zod enum and the words (shared/display). Each order (one
 * order id, from every source that saw it) is in exactly one channel, the first that
 * applies:
 *
 * 1. `agent_checkout`: an agent placed it through the shop's ACP or UCP checkout (a
 *    collector saw the checkout complete; docs/integrations/agentic-checkout.md).
 * 2. `agent_browser`: an agent in the browser got it there: the visit's snippet saw an
 *    agent submit a form (WebMCP `agentInvoked`), or the visit was an AI agent's.
 * 3. `ai_referral`: a person an AI assistant referred placed it: an AI platform's click id
 *    or UTM source posted with the conversion, or the visit the snippet saw came from an
 *    assistant's link.
 * 4. `other`: every other order.
 */
export const ORDER_CHANNELS = ["agent_checkout", "agent_browser", "ai_referral", "other"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** What made an order an AI referral, strongest first (a click id the ad platform minted beats a label). */
export const REFERRAL_EVIDENCE = ["click_id", "utm", "session"] as const;
export type ReferralEvidence = (typeof REFERRAL_EVIDENCE)[number];

/** SQL list of the AI platforms (shared/classify/platforms.ts). */
export const AI_PLATFORMS_SQL = `(${AI_PLATFORMS.map((p) => `'${p}'`).join(", ")})`;

/** Session sources that are an AI assistant's referral (shared/classify/source.ts). */
export const AI_SESSION_SOURCES_SQL = "('ai_assistant_link', 'ai_assistant_session')";
