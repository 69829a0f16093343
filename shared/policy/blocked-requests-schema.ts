import { z } from "zod";
import { ReportHeader } from "../reports/report-schemas";

// The blocked-requests report's shape (docs/policy.md "Blocked requests"), declared once
// for the v1 route, its OpenAPI component and MCP tool, and the app's policy page.

const { domain, site_id, period, period_start, period_end } = ReportHeader.shape;
const Int = (example: number, description?: string) => z.number().int().meta({ example, description });
const ByReason = z.object({
  policy: Int(30, "Blocked by the agent's action (block)."),
  robots: Int(4, "Blocked under obey_robots: the robots.txt in force disallowed the path."),
});

export const BlockedRequests = z
  .object({
    domain,
    site_id,
    period,
    period_start,
    period_end,
    totals: z.object({ blocked: Int(34, "Requests collectors answered 403 under the policy."), by_reason: ByReason }),
    agents: z
      .array(
        z.object({
          agent: z.string().nullable().meta({
            description: "The User-Agent's product token, lowercased; null when a signature named it.",
            example: "gptbot",
          }),
          platform: z.string().meta({ example: "chatgpt" }),
          purpose: z.string().meta({ description: "The reports' purpose of the agent.", example: "crawl" }),
          blocked: Int(30),
          verified: Int(28, "Of which from a verified agent."),
          declared: Int(2, "Of which from an agent whose identity was only claimed."),
          by_reason: ByReason,
          first_at: z.string().meta({ format: "date-time" }),
          last_at: z.string().meta({ format: "date-time" }),
        }),
      )
      .meta({ description: "Every agent with a blocked request in the window, most blocked first." }),
  })
  .meta({ id: "BlockedRequests" });
export type BlockedRequests = z.infer<typeof BlockedRequests>;

/** What the shard computes; the use case adds the header. */
export type BlockedRequestsBody = Pick<BlockedRequests, "totals" | "agents">;
