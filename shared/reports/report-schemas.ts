import { z } from "zod";
import { PURPOSES } from "../classify/agents";
import { TIERS } from "../classify/identity-vocabulary";
import { VERIFICATION_RESULTS } from "../classify/verification-result";
import type { MetricId } from "../metrics/metric-catalogue";
import { metricMeta } from "../metrics/metric-text";
import { Coverage } from "../sites/coverage-schema";
import { AGENT_KINDS } from "../vocabulary/agent-kinds";
import { REPORT_PERIODS } from "../vocabulary/report-periods";
import { OUTCOMES, OutcomeSchema } from "../vocabulary/session-outcomes";
import { SERIES_INTERVALS } from "./report-params";

// The traffic reports' response shapes (contract: Traffic reports), declared once: the
// v1 routes answer with them, their OpenAPI components come from them (`id`), and the
// report functions' result types are `z.infer` of them. Add a report field here, then
// compute it in the report's function.

const Int = (example: number, description?: string) => z.number().int().meta({ example, description });
/**
 * A field that is a metric: its description is the metric catalogue's (docs/metrics.md)
 * and `x-metric` names the entry; `note` adds how it relates to the report's other fields.
 */
const Metric = (id: MetricId, example: number, note = "") =>
  z
    .number()
    .int()
    .meta({ example, ...metricMeta(id, note) });
/** A percentage metric, one decimal. */
const Pct = (id: MetricId, example: number, note = "") => z.number().meta({ example, ...metricMeta(id, note) });
const AgentShare = Pct("agent_share_of_platform", 42.5, "Of `total_sessions`.");

/** The fields every traffic report starts with. */
const header = {
  domain: z.string().meta({ example: "shop.example" }),
  site_id: z.string().meta({ example: "site_4kP2" }),
  // A named component: inline, generators (orval) name it `<Report>Period`, the very
  // name they give the operation's inline `period` query enum, and the two collide.
  period: z.enum([...REPORT_PERIODS, "custom"]).meta({
    id: "ReportedPeriod",
    description: "The period asked for, or `custom` for a from/to window.",
    example: "7d",
  }),
  period_start: z
    .string()
    .meta({ format: "date-time", description: "Inclusive.", example: "2026-11-15T12:00:00.000Z" }),
  period_end: z.string().meta({ format: "date-time", description: "Exclusive.", example: "2026-11-22T12:00:00.000Z" }),
  data_status: z.enum(["ok", "no_events_yet"]).meta({
    description:
      "`no_events_yet` when no session (agent or human) started in the window. Not an error, not zero traffic.",
    example: "ok",
  }),
};

export const ReportHeader = z.object(header);

/** The zone of a report's days and hours, echoed (docs/reports.md "Time zones"); crawl-to-referral's too. */
export const zoned = {
  timezone: z.string().meta({
    description:
      "The `timezone` parameter, canonical (IANA name): the zone of the `by_*_daily` days and the series buckets. `UTC` by default.",
    example: "Europe/Berlin",
  }),
};

/**
 * The site's coverage on every traffic report (docs/reports.md "Coverage"): snippet only,
 * server-side records, both or none, so a number is never read as complete when it is
 * not. Named `data_coverage` because `sources` already has `coverage` (the site's
 * recording setting, all traffic or AI and tagged only). Only on the answer's top
 * level: `previous` is the same site's report, with the same coverage.
 */
const dataCoverage = { data_coverage: Coverage };

/** A report as its function computes it; the transports add `data_coverage` (shared/reads/site-coverage.ts). */
type Computed<S extends z.ZodType> = Omit<z.infer<S>, "data_coverage">;

/**
 * A report plus, with `compare=previous`, the same report over the previous equal
 * window (docs/reports.md "Comparison with the previous period"): additive, absent
 * otherwise. `previous` is exactly what a `from`/`to` request for that window answers.
 */
function withPrevious<Shape extends z.ZodRawShape>(report: z.ZodObject<Shape>, id: string) {
  return report
    .extend({
      ...dataCoverage,
      previous: report.optional().meta({
        description:
          "Only with `compare=previous`: this report over the previous window of equal length, [period_start - (period_end - period_start), period_start), as a `from`/`to` request for it answers (`period` is `custom`).",
      }),
    })
    .meta({ id });
}

/** docs/decisions.md#12-report-time-series: the bucket axis shared by every series. */
const seriesAxis = {
  interval: z.enum(SERIES_INTERVALS).meta({
    description:
      "Bucket size: `hour` or `day` (in `timezone`). The `interval` parameter when sent; otherwise `hour` for a window up to 48 hours, `day` beyond.",
    example: "hour",
  }),
  buckets: z.array(z.string().meta({ format: "date-time", example: "2026-11-21T13:00:00.000Z" })).meta({
    description:
      "Start of every bucket the window touches, oldest first, RFC 3339 with the offset of `timezone` at that instant (`Z` in UTC; `2026-03-29T00:00:00.000+01:00` in Europe/Berlin); the first and last may be partly outside the window (only sessions started inside it count). Local days are 23 or 25 hours long on DST change days.",
  }),
};

/** Sessions per bucket, aligned with `buckets` and zero-filled. */
const Counts = z
  .array(z.number().int())
  .meta({ description: "`sessions[i]` counts the sessions started in bucket i.", example: [0, 3, 1] });

const TrafficOverviewPeriod = z
  .object({
    ...header,
    ...zoned,
    total_sessions: Metric("agent_sessions", 120),
    unique_visitors: Metric("agent_unique_visitors", 95, "Days are UTC days."),
    by_platform: z.array(
      z.object({
        platform: z.string().meta({ example: "chatgpt" }),
        sessions: Metric("agent_sessions", 60, "Of the platform."),
        share_pct: AgentShare,
      }),
    ),
    by_outcome: z
      .array(
        z.object({
          outcome: OutcomeSchema.meta({ example: "completed" }),
          sessions: Metric("agent_sessions", 12, "With the outcome."),
        }),
      )
      .meta({ description: `Always every outcome (${OUTCOMES.join(", ")}), in that order; sums to total_sessions.` }),
    top_pages: z
      .array(
        z.object({
          entry_url: z.string().meta({ example: "/products/blue-mug" }),
          sessions: Metric("agent_entry_sessions", 30),
        }),
      )
      .meta({ description: "At most 10 entry pages, most sessions first." }),
    median_duration_ms: Metric("agent_median_duration", 8400),
    by_platform_daily: z
      .array(
        z.object({
          day: z.string().meta({ format: "date", example: "2026-11-20" }),
          platform: z.string().meta({ example: "chatgpt" }),
          sessions: Metric("agent_sessions", 12, "Of the day and platform."),
        }),
      )
      .meta({
        description:
          "Sessions per day (in `timezone`, UTC by default) of session start and platform, only non-zero entries, by day then most sessions. Sums to total_sessions.",
      }),
    by_platform_series: z
      .object({
        ...seriesAxis,
        platforms: z.array(z.object({ platform: z.string().meta({ example: "chatgpt" }), sessions: Counts })),
      })
      .meta({
        id: "PlatformSeries",
        description:
          "Sessions per hour or day (in `timezone`) of session start, one line per platform (most sessions first). Sums to total_sessions.",
      }),
  })
  .meta({ id: "TrafficOverviewPeriod" });
export const TrafficOverview = withPrevious(TrafficOverviewPeriod, "TrafficOverview");

const PurposeSplitPeriod = z
  .object({
    ...header,
    ...zoned,
    total_sessions: Metric("agent_sessions", 120),
    user_action_sessions: Metric("agent_sessions", 40, "Of purpose `user_action`."),
    search_sessions: Metric("agent_sessions", 30, "Of purpose `search`."),
    crawl_sessions: Metric("agent_sessions", 45, "Of purpose `crawl`."),
    unknown_sessions: Metric("agent_sessions", 5, "Of purpose `unknown`."),
    by_purpose: z
      .array(
        z.object({
          purpose: z.enum(PURPOSES).meta({ example: "user_action" }),
          sessions: Metric("agent_sessions", 40, "Of the purpose."),
          share_pct: AgentShare,
        }),
      )
      .meta({ description: "Always the four purposes; sums to total_sessions." }),
  })
  .meta({ id: "PurposeSplitPeriod" });
export const PurposeSplit = withPrevious(PurposeSplitPeriod, "PurposeSplit");

const TrafficSourcesPeriod = z
  .object({
    ...header,
    ...zoned,
    coverage: z.string().meta({
      description:
        "`all_traffic`, or `ai_and_tagged` (plain human visits are not recorded: numbers cover AI plus tagged/paid traffic only).",
      example: "all_traffic",
    }),
    coverage_changed_at: z.string().nullable().meta({ format: "date-time", example: null }),
    ai_share_pct: Pct("ai_share", 12.5, "`ai_sessions` / `total_sessions`."),
    ai_sessions: Metric(
      "ai_sessions",
      50,
      "`agent_sessions` + `assistant_referred_visits` (sources ai_assistant_session + ai_assistant_link).",
    ),
    total_sessions: Metric("all_sessions", 400, "`agent_sessions` + `human_visits`."),
    agent_sessions: Metric("agent_sessions", 45, "Source `ai_assistant_session`."),
    human_visits: Metric("human_visits", 355, "`total_sessions` - `agent_sessions`."),
    assistant_referred_visits: Metric(
      "assistant_referred_visits",
      5,
      "Source `ai_assistant_link`; part of `human_visits` and of `ai_sessions`.",
    ),
    by_source: z.array(
      z.object({
        source: z.string().meta({ example: "referral" }),
        sub_source: z.string().nullable().meta({ example: "news.example" }),
        sessions: Metric("source_sessions", 20),
        share_pct: Pct("source_share", 42.5, "Of `total_sessions`."),
      }),
    ),
    top_referrer_hosts: z.array(
      z.object({
        host: z.string().meta({ example: "chatgpt.com" }),
        sessions: Metric("referrer_host_sessions", 25),
      }),
    ),
    top_entry_pages: z.array(
      z.object({
        url: z.string().meta({ example: "/" }),
        sessions: Metric("entry_sessions", 80),
        by_source: z.array(
          z.object({
            source: z.string().meta({ example: "direct" }),
            sessions: Metric("entry_sessions", 50, "From the source."),
          }),
        ),
      }),
    ),
    top_human_entry_pages: z
      .array(
        z.object({
          url: z.string().meta({ example: "/" }),
          visits: Metric("human_entry_visits", 60),
        }),
      )
      .meta({
        description:
          "Added (issue 40): the entry pages of human visits, at most 10, most visits first (ties by URL). Empty when coverage is `ai_and_tagged` and no tagged, paid or AI-referred visit came.",
      }),
    by_source_daily: z
      .array(
        z.object({
          day: z.string().meta({ format: "date", example: "2026-11-20" }),
          source: z.string().meta({ example: "direct" }),
          sessions: Metric("source_sessions", 12, "Of the day."),
        }),
      )
      .meta({
        description:
          "Sessions per day (in `timezone`, UTC by default) of session start and source, only non-zero entries.",
      }),
    by_source_series: z
      .object({
        ...seriesAxis,
        sources: z.array(z.object({ source: z.string().meta({ example: "direct" }), sessions: Counts })),
      })
      .meta({
        id: "SourceSeries",
        description:
          "Sessions per hour or day (in `timezone`) of session start, one line per source (most sessions first). Sums to total_sessions.",
      }),
  })
  .meta({ id: "TrafficSourcesPeriod" });
export const TrafficSources = withPrevious(TrafficSourcesPeriod, "TrafficSources");

const Tier = z.enum(TIERS).meta({ example: "verified" });

/** Whether the session's identity was checked and how it came out (shared/classify/verification-result.ts). */
const Verification = z.enum(VERIFICATION_RESULTS).meta({
  description:
    "Whether the agent's identity was checked, and how it came out (added beside `tier`, which is unchanged): `verified` (a valid Web Bot Auth signature from a listed operator, or the operator's published IP ranges or reverse DNS, proved it); `failed` (it names an agent whose operator publishes a way to verify it, such as IP ranges, and that check refuted it: likely spoofed); `unavailable` (its operator publishes no way to verify it: it cannot be verified); `unchecked` (a check exists but could not be made, e.g. no client IP, or the claim was a UCP profile or an unlisted signer); `inferred` (`heuristic`: no claim, automation seen on the page). `failed`, `unavailable` and `unchecked` are all tier `declared`.",
  example: "failed",
});

const VerificationBreakdownPeriod = z
  .object({
    ...header,
    ...zoned,
    total_sessions: Metric("agent_sessions", 120),
    verified_sessions: Metric("verified_sessions", 30),
    declared_sessions: Metric("declared_sessions", 80),
    heuristic_sessions: Metric("heuristic_sessions", 10),
    failed_verification_sessions: Metric("failed_verification_sessions", 6, "Of `declared_sessions`."),
    by_platform: z.array(
      z.object({
        platform: z.string().meta({ example: "chatgpt" }),
        sessions: Metric("agent_sessions", 60, "Of the platform."),
        verified: Metric("verified_sessions", 30, "Of the platform."),
        declared: Metric("declared_sessions", 28, "Of the platform."),
        heuristic: Metric("heuristic_sessions", 2, "Of the platform."),
        failed_verification: Metric("failed_verification_sessions", 5, "Of the platform's `declared`."),
        tier: Tier.meta({
          description: "The tier most of the platform's sessions had; a tie goes to the stronger.",
        }),
      }),
    ),
    signed_sessions: Metric("signed_sessions", 34),
    signers: Metric("signers", 2, "`by_signer` lists at most 20."),
    by_signer: z
      .array(
        z
          .object({
            signer_origin: z.string().meta({
              description:
                "Origin of the key source that signed: who the signature proves the sender is. Chosen by the sender: any domain can sign.",
              example: "https://chatgpt.com",
            }),
            listed: z.boolean().meta({
              description:
                'Whether the origin is a listed operator\'s (docs/ingest.md, "Who counts as verified"): only then does its signature verify a platform.',
              example: true,
            }),
            operator: z
              .string()
              .nullable()
              .meta({ description: "The listed operator; null for an unlisted signer.", example: "OpenAI" }),
            verifies_platform: z.string().nullable().meta({
              description:
                "The platform a listed signer's signature verifies; null for an unlisted signer, whatever its sessions' User-Agents claimed.",
              example: "chatgpt",
            }),
            sessions: Int(30),
            verified: Int(30),
            declared: Int(0),
            heuristic: Int(0),
          })
          .meta({ id: "SignerSessions" }),
      )
      .meta({
        description:
          "Signed sessions per signer origin, most sessions first (ties by origin), at most 20. Read from the sessions themselves, the window's every day.",
      }),
  })
  .meta({ id: "VerificationBreakdownPeriod" });
export const VerificationBreakdown = withPrevious(VerificationBreakdownPeriod, "VerificationBreakdown");

export const FailingSessions = z
  .object({
    ...header,
    ...dataCoverage,
    results: z.array(
      z
        .object({
          session_id: z.string().meta({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
          agent_platform: z.string().meta({ example: "chatgpt" }),
          started_at: z.string().meta({ format: "date-time", example: "2026-11-21T09:14:03.000Z" }),
          duration_ms: Int(2100),
          page_count: Int(1),
          entry_url: z.string().meta({ example: "/products/blue-mug" }),
          exit_url: z.string().meta({ example: "/products/blue-mug" }),
          reason: z.enum(["abandoned", "bounced"]).meta({
            description:
              "`abandoned`: reached cart or checkout, no purchase. `bounced`: one page, nothing else, under 5 s.",
            example: "abandoned",
          }),
        })
        .meta({ id: "FailingSession" }),
    ),
    next_cursor: z.string().meta({
      description: "Pass unchanged as `cursor` for the next page. Paging past the end yields an empty page.",
    }),
    has_more: z.boolean().meta({
      description: "False on the last page: stop paging here (`next_cursor` is still a string).",
      example: false,
    }),
    total_matching: Metric("failing_sessions", 7, "All pages of the list."),
  })
  .meta({ id: "FailingSessions" });

export const SessionJourney = z
  .object({
    session_id: z.string().meta({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
    domain: z.string().meta({ example: "shop.example" }),
    agent_platform: z.string().meta({ example: "chatgpt" }),
    agent_confidence: z.number().nullable().meta({ example: 0.9 }),
    verification: Verification,
    detection_signals: z.array(z.string()).meta({ example: ["declared_user_agent", "known_ip_range"] }),
    agent_kind: z.enum(AGENT_KINDS).meta({
      description:
        'What the session was (docs/reports.md "What an agent session was"): `crawl` and `search_fetch` (its operator says it crawls or indexes for AI search), `assistant_fetch` (acting for a person, fetching pages) or `agentic_browser` (acting for a person in a browser: the User-Agent names a browser engine or the page caught automation), `unstated` (the operator states no purpose). Refines `purpose`.',
      example: "assistant_fetch",
    }),
    signer_origin: z.string().nullable().meta({
      description:
        "Origin of the key source of the session's valid Web Bot Auth signature: who the signature proves the sender is. `verified` only when that origin is a listed operator's (`signature_verified`); any other signer is `signature_unlisted`. Null without a valid signature.",
      example: "https://chatgpt.com",
    }),
    outcome: OutcomeSchema.meta({
      example: "abandoned",
      description: '`not_applicable` for a crawl or search fetch (docs/reports.md "Outcomes").',
    }),
    outcome_settled: z
      .boolean()
      .meta({ description: "False while the session may continue: the outcome is the one so far.", example: true }),
    started_at: z.string().meta({ format: "date-time" }),
    ended_at: z.string().meta({ format: "date-time" }),
    duration_ms: Int(42000),
    page_count: Int(4),
    event_count: Int(7),
    entry_url: z.string().meta({ example: "/" }),
    exit_url: z.string().meta({ example: "/cart" }),
    pages: z.array(
      z.object({
        url: z.string().meta({ example: "/products/blue-mug" }),
        at: z.string().meta({ format: "date-time" }),
        duration_ms: z.number().int().nullable().meta({ description: "Null for a last page without a leave." }),
      }),
    ),
    top_interactions: z.array(
      z.object({
        type: z.string().meta({ example: "add_to_cart" }),
        target: z.string().meta({ example: "blue-mug" }),
        count: Int(1),
      }),
    ),
    browser: z.string().nullable().meta({ example: "Chrome" }),
    os: z.string().nullable().meta({ example: "Linux" }),
    device_type: z.string().nullable().meta({ example: "desktop" }),
    // The session's site's coverage: a journey read from the snippet alone lacks the
    // requests an agent made without running JavaScript (docs/reports.md "Coverage").
    ...dataCoverage,
  })
  .meta({ id: "SessionJourney" });

/** One AI-agent session of GET /traffic/sessions; its journey is GET /traffic/sessions/{session_id}. */
export const AgentSession = z
  .object({
    session_id: z.string().meta({ example: "3f0b6d0e-8a51-4c55-9a3e-0d9c1f6f7b21" }),
    agent_platform: z.string().meta({ example: "chatgpt" }),
    purpose: z.enum(PURPOSES).meta({ example: "user_action" }),
    agent_kind: z.enum(AGENT_KINDS).meta({
      description:
        'What the session was (docs/reports.md "What an agent session was"): `crawl` and `search_fetch` (its operator says it crawls or indexes for AI search), `assistant_fetch` (acting for a person, fetching pages) or `agentic_browser` (acting for a person in a browser: the User-Agent names a browser engine or the page caught automation), `unstated` (the operator states no purpose). Refines `purpose`.',
      example: "assistant_fetch",
    }),
    tier: Tier,
    verification: Verification,
    outcome: OutcomeSchema.meta({ example: "completed" }),
    outcome_settled: z
      .boolean()
      .meta({ description: "False while the session may continue: the outcome is the one so far." }),
    started_at: z.string().meta({ format: "date-time", example: "2026-11-21T09:14:03.000Z" }),
    duration_ms: Int(42000),
    page_count: Int(4),
    entry_url: z.string().meta({ example: "/" }),
    exit_url: z.string().meta({ example: "/checkout/thank-you" }),
  })
  .meta({ id: "AgentSession" });

export const AgentSessions = z
  .object({
    ...header,
    ...dataCoverage,
    results: z.array(AgentSession),
    next_cursor: z.string().meta({ description: "Pass unchanged as `cursor` for the next page." }),
    has_more: z.boolean().meta({ description: "False on the last page.", example: false }),
    total_matching: Metric("matching_sessions", 120, "All pages of the list."),
  })
  .meta({ id: "AgentSessions" });

export type ReportHeader = z.infer<typeof ReportHeader>;
export type TrafficOverview = Computed<typeof TrafficOverview>;
export type PurposeSplit = Computed<typeof PurposeSplit>;
export type TrafficSources = Computed<typeof TrafficSources>;
export type VerificationBreakdown = Computed<typeof VerificationBreakdown>;
export type FailingSessions = Computed<typeof FailingSessions>;
/** The journey as the shard computes it; `findJourney` adds the site's `data_coverage`. */
export type ComputedJourney = Computed<typeof SessionJourney>;
export type SessionJourney = z.infer<typeof SessionJourney>;
export type AgentSession = z.infer<typeof AgentSession>;
export type AgentSessions = Computed<typeof AgentSessions>;
