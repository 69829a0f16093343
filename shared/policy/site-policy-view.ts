import { z } from "zod";
import { POLICY_PURPOSES } from "../vocabulary/policy-purposes";
import { SitePolicyInput } from "./policy-schema";

// What reading a site's policy answers, and the catalogue a policy may name, declared
// once for the v1 routes, their OpenAPI components and the MCP tools.

const { defaults, operators, agents, exceptions, robots, policy_url } = SitePolicyInput.shape;

export const SitePolicy = z
  .object({
    site_id: z.string().meta({ example: "site_8hJ2kQ9sLx3VbN1cT0aW" }),
    domain: z.string().meta({ example: "shop.example.com" }),
    version: z.number().int().meta({
      description: "0 until the first save; each save adds one. Send it back with an edit to refuse lost updates.",
      example: 3,
    }),
    updated_at: z.string().nullable().meta({ format: "date-time", example: "2026-11-20T10:00:00.000Z" }),
    defaults,
    operators,
    agents,
    exceptions,
    robots,
    policy_url,
    link_url: z.string().meta({
      description: "What a blocked agent's 403 links to: `policy_url`, else the site's /robots.txt.",
      example: "https://shop.example.com/robots.txt",
    }),
    dropped_robots_rules: z.array(z.object({ token: z.string(), rule: z.string() })).meta({
      description:
        "The merchant's own robots.txt rules the managed file leaves out of an agent's group, because they would let it where the policy blocks it.",
    }),
  })
  .meta({ id: "SitePolicy" });
export type SitePolicy = z.infer<typeof SitePolicy>;

export const PolicyCatalogue = z
  .object({
    agents: z.array(
      z.object({
        token: z.string().meta({ example: "GPTBot" }),
        operator: z.string().meta({ example: "OpenAI" }),
        platform: z.string().meta({ example: "chatgpt" }),
        purpose: z.enum(POLICY_PURPOSES),
        verifiable: z.boolean().meta({
          description:
            "True when collectors can verify it (its operator publishes IP ranges); otherwise it is always judged as claimed, and an allow cannot raise it above its purpose's default.",
        }),
        robots_token: z
          .string()
          .nullable()
          .meta({ description: "Its robots.txt product token; null when it has no valid one.", example: "GPTBot" }),
        ref: z.string().meta({ description: "Where the token is documented." }),
        robots_only: z.boolean().meta({ description: "A robots.txt token that never makes requests." }),
      }),
    ),
    operators: z.array(z.string()).meta({ example: ["OpenAI", "Anthropic"] }),
  })
  .meta({ id: "PolicyCatalogue" });
export type PolicyCatalogue = z.infer<typeof PolicyCatalogue>;
