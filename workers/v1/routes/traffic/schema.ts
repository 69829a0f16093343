import { z } from "@hono/zod-openapi";
import { MAX_CURSOR_LENGTH } from "../../../../shared/cursor/keyset-cursor";
import { SESSIONS_LIMIT_DEFAULT, SESSIONS_LIMIT_MAX } from "../../../../shared/reports/agent-sessions";
import { FAILING_LIMIT_DEFAULT, FAILING_LIMIT_MAX } from "../../../../shared/reports/failing-sessions";
import { PURPOSES } from "../../../../shared/reports/purpose-split";
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS } from "../../../../shared/reports/report-window";
import { OUTCOMES } from "../../../../shared/reports/traffic-overview";
import { TIERS } from "../../../../shared/reports/verification";

const Domain = z
  .string()
  .min(1)
  .max(253)
  .openapi({ description: "A site registered in the key's workspace.", example: "shop.example" });

const Period = z.enum(REPORT_PERIODS).default(DEFAULT_REPORT_PERIOD).openapi({
  description: "Window ending now. Ignored when `from` is sent.",
  example: "7d",
});

const Time = z.iso.datetime({ offset: true });

/** Contract "Traffic report parameters": overview, purpose-split, sources, verification. */
export const ReportQuery = z.object({
  domain: Domain,
  period: Period,
  from: Time.optional().openapi({
    description:
      "Start of a custom window (RFC 3339, inclusive). Wins over `period`. Not in the future; the window is at most 90 days.",
    example: "2026-11-01T00:00:00Z",
  }),
  to: Time.optional().openapi({
    description: "End of the custom window (RFC 3339, exclusive); defaults to now. Needs `from`.",
    example: "2026-11-08T00:00:00Z",
  }),
});

export const FailingSessionsQuery = z.object({
  domain: Domain,
  period: Period,
  agent_platform: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "Only sessions of this platform; omit for all.", example: "chatgpt" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FAILING_LIMIT_MAX)
    .default(FAILING_LIMIT_DEFAULT)
    .openapi({ description: "Page size, 1-50.", example: 20 }),
  cursor: z
    .string()
    .min(1)
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .openapi({ description: "next_cursor of the previous page, unchanged; omit on the first call." }),
});

/** GET /traffic/sessions: the failing-sessions parameters plus purpose, tier and outcome filters. */
export const SessionsQuery = z.object({
  domain: Domain,
  period: Period,
  agent_platform: FailingSessionsQuery.shape.agent_platform,
  purpose: z
    .enum(PURPOSES)
    .optional()
    .openapi({ description: "Only sessions of this purpose.", example: "user_action" }),
  tier: z
    .enum(TIERS)
    .optional()
    .openapi({ description: "Only sessions of this verification tier.", example: "verified" }),
  outcome: z
    .enum(OUTCOMES)
    .optional()
    .openapi({ description: "Only sessions with this outcome (so far, for open sessions).", example: "abandoned" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SESSIONS_LIMIT_MAX)
    .default(SESSIONS_LIMIT_DEFAULT)
    .openapi({ description: "Page size, 1-50.", example: 20 }),
  cursor: FailingSessionsQuery.shape.cursor,
});

export const SessionParams = z.object({
  session_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "session_id", in: "path" }, example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
});

const Int = (example: number, description?: string) => z.number().int().openapi({ example, description });
const Share = z.number().openapi({ description: "Percentage of total_sessions, one decimal.", example: 42.5 });

const header = {
  domain: z.string().openapi({ example: "shop.example" }),
  site_id: z.string().openapi({ example: "site_4kP2" }),
  period: z
    .enum([...REPORT_PERIODS, "custom"])
    .openapi({ description: "The period asked for, or `custom` for a from/to window.", example: "7d" }),
  period_start: z
    .string()
    .openapi({ format: "date-time", description: "Inclusive.", example: "2026-11-15T12:00:00.000Z" }),
  period_end: z
    .string()
    .openapi({ format: "date-time", description: "Exclusive.", example: "2026-11-22T12:00:00.000Z" }),
  data_status: z.enum(["ok", "no_events_yet"]).openapi({
    description:
      "`no_events_yet` when no session (agent or human) started in the window. Not an error, not zero traffic.",
    example: "ok",
  }),
};

export const OverviewResponse = z
  .object({
    ...header,
    total_sessions: Int(120, "AI-agent sessions started in the window."),
    unique_visitors: Int(
      95,
      "Sum over UTC days of each day's distinct visitors of those sessions: visitor hashes are daily and cannot be joined across days.",
    ),
    by_platform: z.array(
      z.object({ platform: z.string().openapi({ example: "chatgpt" }), sessions: Int(60), share_pct: Share }),
    ),
    by_outcome: z
      .array(z.object({ outcome: z.enum(OUTCOMES).openapi({ example: "completed" }), sessions: Int(12) }))
      .openapi({ description: "Always the three outcomes; sums to total_sessions." }),
    top_pages: z
      .array(z.object({ entry_url: z.string().openapi({ example: "/products/blue-mug" }), sessions: Int(30) }))
      .openapi({ description: "At most 10 entry pages, most sessions first." }),
    median_duration_ms: Int(8400, "Exact median session duration; 0 without sessions."),
    by_platform_daily: z
      .array(
        z.object({
          day: z.string().openapi({ format: "date", example: "2026-11-20" }),
          platform: z.string().openapi({ example: "chatgpt" }),
          sessions: Int(12),
        }),
      )
      .openapi({
        description:
          "Sessions per UTC day of session start and platform, only non-zero entries, by day then most sessions. Sums to total_sessions.",
      }),
  })
  .openapi("TrafficOverview");

export const PurposeSplitResponse = z
  .object({
    ...header,
    total_sessions: Int(120),
    user_action_sessions: Int(40),
    search_sessions: Int(30),
    crawl_sessions: Int(45),
    unknown_sessions: Int(5),
    by_purpose: z
      .array(
        z.object({
          purpose: z.enum(PURPOSES).openapi({ example: "user_action" }),
          sessions: Int(40),
          share_pct: Share,
        }),
      )
      .openapi({ description: "Always the four purposes; sums to total_sessions." }),
  })
  .openapi("PurposeSplit");

export const SourcesResponse = z
  .object({
    ...header,
    coverage: z.string().openapi({
      description:
        "`all_traffic`, or `ai_and_tagged` (plain human visits are not recorded: numbers cover AI plus tagged/paid traffic only).",
      example: "all_traffic",
    }),
    coverage_changed_at: z.string().nullable().openapi({ format: "date-time", example: null }),
    ai_share_pct: Share,
    ai_sessions: Int(50, "ai_assistant_session + ai_assistant_link sessions."),
    total_sessions: Int(400, "Every recorded session, agents and humans."),
    by_source: z.array(
      z.object({
        source: z.string().openapi({ example: "referral" }),
        sub_source: z.string().nullable().openapi({ example: "news.example" }),
        sessions: Int(20),
        share_pct: Share,
      }),
    ),
    top_referrer_hosts: z.array(z.object({ host: z.string().openapi({ example: "chatgpt.com" }), sessions: Int(25) })),
    top_entry_pages: z.array(
      z.object({
        url: z.string().openapi({ example: "/" }),
        sessions: Int(80),
        by_source: z.array(z.object({ source: z.string().openapi({ example: "direct" }), sessions: Int(50) })),
      }),
    ),
    by_source_daily: z.array(
      z.object({
        day: z.string().openapi({ format: "date", example: "2026-11-20" }),
        source: z.string().openapi({ example: "direct" }),
        sessions: Int(12),
      }),
    ),
  })
  .openapi("TrafficSources");

const Tier = z.enum(TIERS).openapi({ example: "verified" });

export const VerificationResponse = z
  .object({
    ...header,
    total_sessions: Int(120),
    verified_sessions: Int(30),
    declared_sessions: Int(80),
    heuristic_sessions: Int(10),
    by_platform: z.array(
      z.object({
        platform: z.string().openapi({ example: "chatgpt" }),
        sessions: Int(60),
        verified: Int(30),
        declared: Int(28),
        heuristic: Int(2),
        tier: Tier.openapi({
          description: "The tier most of the platform's sessions had; a tie goes to the stronger.",
        }),
      }),
    ),
  })
  .openapi("VerificationBreakdown");

export const FailingSessionsResponse = z
  .object({
    ...header,
    results: z.array(
      z
        .object({
          session_id: z.string().openapi({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
          agent_platform: z.string().openapi({ example: "chatgpt" }),
          started_at: z.string().openapi({ format: "date-time", example: "2026-11-21T09:14:03.000Z" }),
          duration_ms: Int(2100),
          page_count: Int(1),
          entry_url: z.string().openapi({ example: "/products/blue-mug" }),
          exit_url: z.string().openapi({ example: "/products/blue-mug" }),
          reason: z.enum(["abandoned", "bounced"]).openapi({
            description:
              "`abandoned`: reached cart or checkout, no purchase. `bounced`: one page, nothing else, under 5 s.",
            example: "abandoned",
          }),
        })
        .openapi("FailingSession"),
    ),
    next_cursor: z.string().openapi({ description: "Pass unchanged as `cursor` for the next page." }),
    has_more: z.boolean().openapi({ example: false }),
    total_matching: Int(7, "Failing sessions in the window (all pages)."),
  })
  .openapi("FailingSessions");

export const JourneyResponse = z
  .object({
    session_id: z.string().openapi({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
    domain: z.string().openapi({ example: "shop.example" }),
    agent_platform: z.string().openapi({ example: "chatgpt" }),
    agent_confidence: z.number().nullable().openapi({ example: 0.9 }),
    detection_signals: z.array(z.string()).openapi({ example: ["declared_user_agent", "known_ip_range"] }),
    outcome: z.enum(OUTCOMES).openapi({ example: "abandoned" }),
    outcome_settled: z
      .boolean()
      .openapi({ description: "False while the session may continue: the outcome is the one so far.", example: true }),
    started_at: z.string().openapi({ format: "date-time" }),
    ended_at: z.string().openapi({ format: "date-time" }),
    duration_ms: Int(42000),
    page_count: Int(4),
    event_count: Int(7),
    entry_url: z.string().openapi({ example: "/" }),
    exit_url: z.string().openapi({ example: "/cart" }),
    pages: z.array(
      z.object({
        url: z.string().openapi({ example: "/products/blue-mug" }),
        at: z.string().openapi({ format: "date-time" }),
        duration_ms: z.number().int().nullable().openapi({ description: "Null for a last page without a leave." }),
      }),
    ),
    top_interactions: z.array(
      z.object({
        type: z.string().openapi({ example: "add_to_cart" }),
        target: z.string().openapi({ example: "blue-mug" }),
        count: Int(1),
      }),
    ),
    browser: z.string().nullable().openapi({ example: "Chrome" }),
    os: z.string().nullable().openapi({ example: "Linux" }),
    device_type: z.string().nullable().openapi({ example: "desktop" }),
  })
  .openapi("SessionJourney");

export const SessionsResponse = z
  .object({
    ...header,
    results: z.array(
      z
        .object({
          session_id: z.string().openapi({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
          agent_platform: z.string().openapi({ example: "chatgpt" }),
          purpose: z.enum(PURPOSES).openapi({ example: "user_action" }),
          tier: Tier,
          outcome: z.enum(OUTCOMES).openapi({ example: "completed" }),
          outcome_settled: z
            .boolean()
            .openapi({ description: "False while the session may continue: the outcome is the one so far." }),
          started_at: z.string().openapi({ format: "date-time", example: "2026-11-21T09:14:03.000Z" }),
          duration_ms: Int(42000),
          page_count: Int(4),
          entry_url: z.string().openapi({ example: "/" }),
          exit_url: z.string().openapi({ example: "/checkout/thank-you" }),
        })
        .openapi("AgentSession"),
    ),
    next_cursor: z.string().openapi({ description: "Pass unchanged as `cursor` for the next page." }),
    has_more: z.boolean().openapi({ example: false }),
    total_matching: Int(120, "Sessions in the window matching the filters (all pages)."),
  })
  .openapi("AgentSessions");
