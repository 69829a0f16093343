import { z } from "zod";
import { POLICY_PURPOSES } from "../vocabulary/policy-purposes";

// What a choice would cost, before it is made (docs/policy.md "What a choice costs"),
// declared once for the v1 route, its OpenAPI component and MCP tool, and the app's
// policy page. Every figure is a report's own number over the same 30 days.

const Int = (example: number, description: string) => z.number().int().meta({ example, description });
const Time = z.string().meta({ format: "date-time" });

export const PolicyCosts = z
  .object({
    domain: z.string().meta({ example: "shop.example.com" }),
    site_id: z.string(),
    period: z.literal("30d"),
    period_start: Time,
    period_end: Time,
    orders_included: z.boolean().meta({
      description: "False when the caller may not read conversions (`conversions:read`): order figures are null.",
    }),
    agents: z
      .array(
        z.object({
          token: z.string().meta({ example: "GPTBot" }),
          operator: z.string().meta({ example: "OpenAI" }),
          platform: z.string().meta({ example: "chatgpt" }),
          purpose: z.enum(POLICY_PURPOSES),
          verifiable: z.boolean(),
          requests: Int(1240, "Its requests (robots.txt fetches excluded): robots.txt compliance `agents[].requests`."),
          robots_violations: Int(3, "Of which the robots.txt in force disallowed: robots.txt compliance `disallowed`."),
          visits: z.number().int().nullable().meta({
            example: 31,
            description:
              "For agents acting for a person or driving a browser: agent sessions of its platform and purpose (the session list's `total_matching`); null otherwise.",
          }),
          visits_with_order: z.number().int().nullable().meta({
            example: 3,
            description: "Of those, sessions that reached a purchase (outcome `completed`); null with `visits`.",
          }),
          referrals_at_stake: Int(
            48,
            "For AI search and fetches for a person: the people its operator's assistant sent (crawl-to-referral `referrals`); 0 for training crawls and browser agents, which put nothing in the assistant's answers, and for platform `other_ai`, which lumps many operators.",
          ),
          orders_at_stake: z.number().int().nullable().meta({
            example: 5,
            description:
              "With `referrals_at_stake`: conversions attributed to its operator's platform (attribution `by_platform`); null when orders are not included.",
          }),
          summary: z.string().meta({
            example: "Blocking GPTBot would have stopped 1,240 requests (3 against robots.txt) and 0 referrals.",
          }),
        }),
      )
      .meta({
        description:
          "Agents with a request or a visit in the 30 days, most requests first. Visits, referrals and orders are per platform and purpose: agents that share them show the same figures.",
      }),
  })
  .meta({ id: "PolicyCosts" });
export type PolicyCosts = z.infer<typeof PolicyCosts>;
