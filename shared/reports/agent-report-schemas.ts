import { z } from "zod";
import type { MetricId } from "../metrics/metric-catalogue";
import { metricMeta } from "../metrics/metric-text";
import { RobotsReason } from "../robots/robots-verdict";
import { Coverage } from "../sites/coverage-schema";
import { SERIES_INTERVALS } from "./report-params";
import { ReportHeader, zoned } from "./report-schemas";

export { COVERAGE_KINDS, Coverage } from "../sites/coverage-schema";

// The shapes of the reports read from AI agents' logged requests (docs/reports.md:
// robots.txt compliance, crawl-to-referral, AI agents' errors), declared once: the v1
// routes answer with them, their OpenAPI components and MCP output schemas come from
// them, and the report functions' result types are `z.infer` of them.

const Int = (example: number, description?: string) => z.number().int().meta({ example, description });
/** A field that is a metric: the catalogue's description and `x-metric` (docs/metrics.md). */
const Metric = (id: MetricId, example: number, note = "") =>
  z
    .number()
    .int()
    .meta({ example, ...metricMeta(id, note) });
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
  requests: Metric("robots_disallowed", 3, "Of the agent and path."),
  first_at: Time("First such request in the window."),
  last_at: Time("Last such request in the window."),
  directive: z
    .string()
    .meta({ description: "The rule that disallowed it, as written.", example: "Disallow: /checkout" }),
  line: Int(7, "Its line in that robots.txt."),
  // Additive (issue 45): the verdict in the reason vocabulary the scan shares (shared/robots/robots-verdict.ts).
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
      agent_requests: Metric("agent_requests", 124, "The same total as AI errors and crawl-to-referral show."),
      robots_fetches: Metric("robots_fetches", 4),
      requests: Metric("robots_checked_requests", 120, "`agent_requests` - `robots_fetches`."),
      judged: Metric("robots_judged", 110),
      disallowed: Metric("robots_disallowed", 4),
      unjudged: Metric("robots_not_judged", 10, "The same number as `not_judged`."),
      not_judged: Metric("robots_not_judged", 10, "`requests` = `judged` + `not_judged`."),
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
          requests: Metric("robots_checked_requests", 40, "Of the agent."),
          judged: Metric("robots_judged", 38, "Of the agent."),
          disallowed: Metric("robots_disallowed", 3, "Of the agent."),
          robots_fetches: Metric("robots_fetches", 2, "Of the agent."),
          last_robots_fetch_at: Time("Newest robots.txt fetch kept (92 days).").nullable(),
          violations: z
            .array(RobotsViolation)
            .meta({ description: "Disallowed paths, most requested first (at most 50 per agent)." }),
        }),
      )
      .meta({ description: "Every agent with a request in the window, most disallowed first." }),
    never_fetch_robots: z
      .array(
        z.object({
          agent: z.string(),
          platform: z.string(),
          requests: Metric("agent_requests", 12, "Of the agent."),
        }),
      )
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
          crawl_requests: Metric("crawl_requests", 300, "Of the operator's agents (purpose `crawl`)."),
          search_requests: Metric("search_requests", 120, "Of the operator's agents (purpose `search`)."),
          referrals: Metric("referrals", 6, "Source `ai_assistant_link` of the operator."),
          ratio: z
            .number()
            .nullable()
            .meta({
              example: 70,
              ...metricMeta(
                "crawl_to_referral_ratio",
                "(`crawl_requests` + `search_requests`) / `referrals`; null without referrals.",
              ),
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
        agent_requests: Metric("agent_requests", 500, "The same total as robots.txt compliance and AI errors show."),
        crawl_requests: Metric("crawl_requests", 300),
        search_requests: Metric("search_requests", 120),
        other_requests: Int(
          80,
          "AI agents' requests by agents acting for a person or of unstated purpose: `agent_requests` - `crawl_requests` - `search_requests`.",
        ),
        referrals: Metric("assistant_referred_visits", 6, "Every operator's `referrals` added up."),
      })
      .meta({ description: "The window's totals over every operator." }),
  })
  .meta({ id: "CrawlToReferral" });
export type CrawlToReferral = z.infer<typeof CrawlToReferral>;

export const AgentErrors = z
  .object({
    ...header,
    totals: z.object({
      agent_requests: Metric(
        "agent_requests",
        500,
        "The same total as robots.txt compliance and crawl-to-referral show.",
      ),
      requests: Metric("agent_requests", 500, "The same number as `agent_requests`."),
      errors: Metric("error_requests", 25),
      not_found: Metric("not_found_requests", 20, "Of `errors`."),
      server_errors: Int(3, "Of which 5xx."),
    }),
    paths: z
      .array(
        z.object({
          path: z.string().meta({ description: "The path, without its query.", example: "/products/old-shoe" }),
          requests: Metric("error_requests", 9, "Of the path."),
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
