import { z } from "zod";
import { describe } from "../metrics/metric-text";
import { RobotsReason } from "../scan/robots/robots-verdict";
import { Coverage } from "./coverage-schema";
import { SERIES_INTERVALS } from "./report-params";
import { ReportHeader, zoned } from "./report-schemas";

export { COVERAGE_KINDS, Coverage } from "./coverage-schema";

// The shapes of the reports read from AI agents' logged requests (docs/reports.md:
// robots.txt compliance, crawl-to-referral, AI agents' errors), declared once: the v1
// routes answer with them, their OpenAPI components and MCP output schemas come from
// them, and the report functions' result types are `z.infer` of them.

const Int = (example: number, description?: string) => z.number().int().meta({ example, description });
const Time = (description: string) =>
  z.string().meta({ format: "date-time", description, example: "2026-11-20T08:00:00.000Z" });

const { domain, site_id, period, period_start, period_end } = ReportHeader.shape;
/** The header of a report over agent requests: its own data status (sessions are not what it reads). */
const header = {
  domain,
  site_id,
  period,
  period_start,
  period_end,
  data_status: z.enum(["ok", "no_requests_yet"]).meta({
    description:
      "`no_requests_yet` when no AI agent's request was logged in the window (drains or server-side events). Not an error.",
    example: "ok",
  }),
  coverage: Coverage,
};

export const RobotsViolation = z.object({
  path: z.string().meta({ example: "/checkout?step=1" }),
  requests: Int(3),
  first_at: Time("First such request in the window."),
  last_at: Time("Last such request in the window."),
  directive: z
    .string()
    .meta({ description: "The rule that disallowed it, as written.", example: "Disallow: /checkout" }),
  line: Int(7, "Its line in that robots.txt."),
  // Additive (issue 45): the verdict in the reason vocabulary the scan shares (shared/scan/robots/robots-verdict.ts).
  reason: RobotsReason.meta({ example: "disallowed_by_rule" }),
  group: z
    .string()
    .nullable()
    .meta({ description: "The user-agent group that applied (`*` for the default).", example: "gptbot" }),
  robots_version_id: z.string().meta({ example: "rv_5d1c" }),
  robots_version_first_seen_at: Time("When that robots.txt was first seen: in force from then on."),
});

export const RobotsCompliance = z
  .object({
    ...header,
    robots_history: z.object({
      versions: z
        .array(
          z.object({
            id: z.string().meta({ example: "rv_5d1c" }),
            kind: z.enum(["rules", "none"]).meta({
              description: "`rules`: a robots.txt was served; `none`: none (4xx), everything allowed.",
            }),
            first_seen_at: Time("In force from then until the next version's first_seen_at."),
            last_seen_at: Time("Last fetch that still served it."),
          }),
        )
        .meta({ description: "The versions in force during the window (and the 24 h before), oldest first." }),
      known_from: Time("First version known; requests before it are not judged.").nullable(),
    }),
    totals: z.object({
      agent_requests: Int(124, describe("agent_requests", "The same total as AI errors and crawl-to-referral show.")),
      robots_fetches: Int(4, describe("robots_fetches")),
      requests: Int(120, describe("robots_checked_requests", "`agent_requests` - `robots_fetches`.")),
      judged: Int(110, describe("robots_judged")),
      disallowed: Int(4, describe("robots_disallowed")),
      unjudged: Int(10, describe("robots_not_judged", "The same number as `not_judged`.")),
      not_judged: Int(10, describe("robots_not_judged", "`requests` = `judged` + `not_judged`.")),
      not_judged_reasons: z
        .object({
          before_first_robots: Int(8, "Made before the first robots.txt fetch the history knows (`known_from`)."),
          agent_unnamed: Int(2, "By an agent whose product token is unknown (named only by a signature or IP range)."),
        })
        .meta({ description: "Why requests were not judged; sums to `not_judged`." }),
    }),
    agents: z
      .array(
        z.object({
          agent: z.string().meta({ description: "The User-Agent's product token, lowercased.", example: "gptbot" }),
          platform: z.string().meta({ example: "chatgpt" }),
          requests: Int(40),
          judged: Int(38),
          disallowed: Int(3),
          robots_fetches: Int(2, "robots.txt fetches in the window."),
          last_robots_fetch_at: Time("Newest robots.txt fetch kept (92 days).").nullable(),
          violations: z
            .array(RobotsViolation)
            .meta({ description: "Disallowed paths, most requested first (at most 50 per agent)." }),
        }),
      )
      .meta({ description: "Every agent with a request in the window, most disallowed first." }),
    never_fetch_robots: z
      .array(z.object({ agent: z.string(), platform: z.string(), requests: Int(12) }))
      .meta({ description: "Agents with requests in the window and no robots.txt fetch in the 92 days kept." }),
  })
  .meta({ id: "RobotsCompliance" });
export type RobotsCompliance = z.infer<typeof RobotsCompliance>;

export const CrawlToReferral = z
  .object({
    ...header,
    ...zoned,
    operators: z
      .array(
        z.object({
          operator: z
            .string()
            .meta({ description: "The AI platform (shared/classify/platforms.ts).", example: "chatgpt" }),
          crawl_requests: Int(300, "Requests by its agents of purpose `crawl`."),
          search_requests: Int(120, "Requests by its agents of purpose `search`."),
          referrals: Int(6, "Human sessions arriving from its assistant (`ai_assistant_link`)."),
          ratio: z.number().nullable().meta({
            description: "(crawl + search requests) per referral, one decimal; null without referrals.",
            example: 70,
          }),
          series: z
            .object({
              crawl_requests: z.array(z.number().int()),
              search_requests: z.array(z.number().int()),
              referrals: z.array(z.number().int()),
            })
            .meta({ description: "Per bucket of `buckets`, zero-filled." }),
        }),
      )
      .meta({ description: "Every operator with a crawl or search request or a referral, most requests first." }),
    // A component, not an inline enum: orval names an inline answer enum
    // `<Schema><Property>`, the same name as the query's `interval` enum of the
    // `crawlToReferral` operation (docs/decisions.md "Names generators accept").
    interval: z.enum(SERIES_INTERVALS).meta({
      id: "ReportedInterval",
      description: "Bucket size of `series`: `hour` or `day` (in `timezone`, UTC by default).",
      example: "day",
    }),
    buckets: z.array(z.string().meta({ format: "date-time" })).meta({
      description:
        "Start of every bucket, RFC 3339 with the offset of `timezone` at that instant (`Z` in UTC); local days are 23 or 25 hours long on DST change days.",
    }),
  })
  .extend({
    totals: z
      .object({
        agent_requests: Int(
          500,
          describe("agent_requests", "The same total as robots.txt compliance and AI errors show."),
        ),
        crawl_requests: Int(300, describe("crawl_requests")),
        search_requests: Int(120, describe("search_requests")),
        other_requests: Int(
          80,
          "AI agents' requests by agents acting for a person or of unstated purpose: `agent_requests` - `crawl_requests` - `search_requests`.",
        ),
        referrals: Int(6, describe("assistant_referred_visits")),
      })
      .meta({ description: "The window's totals over every operator." }),
  })
  .meta({ id: "CrawlToReferral" });
export type CrawlToReferral = z.infer<typeof CrawlToReferral>;

export const AgentErrors = z
  .object({
    ...header,
    totals: z.object({
      agent_requests: Int(
        500,
        describe("agent_requests", "The same total as robots.txt compliance and crawl-to-referral show."),
      ),
      requests: Int(500, describe("agent_requests", "The same number as `agent_requests`.")),
      errors: Int(25, describe("error_requests")),
      not_found: Int(20, "Of which 404 or 410."),
      server_errors: Int(3, "Of which 5xx."),
    }),
    paths: z
      .array(
        z.object({
          path: z.string().meta({ description: "The path, without its query.", example: "/products/old-shoe" }),
          requests: Int(9),
          statuses: z.record(z.string(), z.number().int()).meta({ example: { "404": 9 } }),
          agents: z.array(z.object({ agent: z.string(), platform: z.string(), requests: z.number().int() })).meta({
            description:
              "Agents that asked, most requests first (an agent named only by a signature shows as its platform).",
          }),
          first_at: Time("First such request in the window."),
          last_at: Time("Last such request in the window."),
          redirect_candidate: z.boolean().meta({
            description: "404 or 410 for what looks like a page (not an asset): worth a redirect to its successor.",
            example: true,
          }),
        }),
      )
      .meta({ description: "Paths answered 4xx/5xx, most requested first (at most 200)." }),
  })
  .meta({ id: "AgentErrors" });
export type AgentErrors = z.infer<typeof AgentErrors>;
