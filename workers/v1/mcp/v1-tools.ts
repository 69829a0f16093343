import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { MetricId } from "@shared/metrics/metric-catalogue";
import { OUTCOMES } from "@shared/vocabulary/session-outcomes";

/**
 * One MCP tool per v1 operation (docs/decisions.md#10-identity-and-tools), named as the decision names them.
 * The input and output schemas are not written here: they are the route's own zod
 * schemas, read from the OpenAPI registry by `operationId` (route-schemas.ts), so one
 * declaration feeds validation, the OpenAPI document and the tool. What is written
 * here is what only a model needs: when to use the tool, and honest hints about its
 * effects (MCP spec, "Tool annotations": readOnly / destructive / idempotent /
 * openWorld). The scope and rate-limit sentences are not written here either: the MCP
 * server appends the route's own (RouteShape.access), and, for a report, what its
 * numbers count in the metric catalogue's words (`metrics`, docs/metrics.md).
 */
export interface V1Tool {
  name: string;
  operationId: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** The catalogue's metrics the tool reports, named and defined after its description. */
  metrics?: MetricId[];
}

const read: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

const REPORT_WINDOW =
  "Window: `period` (1h, 24h, 7d, 30d, 90d; default 7d) or an explicit `from`/`to` (RFC 3339, at most 90 days, `from` not in the future).";

export const v1Tools: V1Tool[] = [
  {
    name: "whoami",
    operationId: "whoami",
    title: "Identify the API key",
    description:
      "Returns the workspace this API key belongs to, the key's id and its scopes. Call it first to learn which other tools the key may use (each tool names the scope it needs).",
    annotations: read,
  },
  {
    name: "list_sites",
    operationId: "listSites",
    title: "List registered sites",
    description:
      "Lists the shops (sites) registered in the workspace, newest first, each with its public token and tracking snippet. Paged: pass `next_cursor` back as `cursor` until it is null.",
    annotations: read,
  },
  {
    name: "register_site",
    operationId: "registerSite",
    title: "Register a shop",
    description:
      "Registers a shop's domain (host only, e.g. shop.example.com) and returns its tracking snippet to paste into the shop's HTML. Safe to repeat: an already registered domain returns the same site with created=false.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "check_install",
    operationId: "checkInstall",
    title: "Check the snippet installation",
    description:
      "Tells whether the tracking snippet of a registered domain is reaching the service: status receiving, stale, rejected (with the refused Origin) or awaiting_first_event, plus next_action. After deploying a snippet, check after 2, 4 and 8 seconds, then every 15 seconds for at most two minutes; stop on receiving or rejected.",
    annotations: read,
  },
  {
    name: "traffic_overview",
    operationId: "trafficOverview",
    title: "AI-agent traffic overview",
    description: `AI-agent sessions on a registered domain: totals, unique visitors, platforms, outcomes (${OUTCOMES.join(", ")}; not_applicable for a crawl or search fetch, which does not shop), top entry pages, median duration and sessions per hour (windows up to 48 h) or day by platform. ${REPORT_WINDOW} data_status no_events_yet means nothing was recorded in the window, not zero traffic measured.`,
    metrics: ["agent_sessions", "agent_unique_visitors", "agent_entry_sessions", "agent_median_duration"],
    annotations: read,
  },
  {
    name: "traffic_purpose_split",
    operationId: "trafficPurposeSplit",
    title: "Why agents came",
    description: `Splits AI-agent sessions by purpose: user_action (an agent acting for a person right now; buy intent), search, crawl, unknown. ${REPORT_WINDOW}`,
    metrics: ["agent_sessions", "agent_share_of_platform"],
    annotations: read,
  },
  {
    name: "traffic_sources",
    operationId: "trafficSources",
    title: "Acquisition sources",
    description: `All recorded sessions by source (paid, ai_assistant_link, ai_assistant_session, tagged, search, referral, direct), top referrer hosts, entry pages and sessions per hour or day by source. When coverage is ai_and_tagged, plain human visits are not recorded. ${REPORT_WINDOW}`,
    metrics: ["all_sessions", "agent_sessions", "human_visits", "assistant_referred_visits", "ai_sessions", "ai_share"],
    annotations: read,
  },
  {
    name: "traffic_verification",
    operationId: "trafficVerification",
    title: "How agents were identified",
    description: `AI-agent sessions by trust tier: verified (HTTP message signature or published IP range), declared (User-Agent only, spoofable), heuristic (behaviour only). ${REPORT_WINDOW}`,
    metrics: [
      "verified_sessions",
      "declared_sessions",
      "heuristic_sessions",
      "failed_verification_sessions",
      "signed_sessions",
    ],
    annotations: read,
  },
  {
    name: "failing_sessions",
    operationId: "failingSessions",
    title: "Abandoned or bounced agent sessions",
    description:
      "AI-agent sessions classified abandoned, or single-page visits under 5 seconds, newest first. Paged: pass `next_cursor` back as `cursor` while has_more is true. Use session_journey on a session_id for its pages.",
    metrics: ["failing_sessions"],
    annotations: read,
  },
  {
    name: "list_sessions",
    operationId: "listSessions",
    title: "List agent sessions",
    description:
      "Every AI-agent session started in the period on a registered domain, newest first, each with its platform, purpose (user_action, search, crawl, unknown), trust tier (verified, declared, heuristic) and outcome; narrow with agent_platform, purpose, tier or outcome. Sessions still open carry outcome_settled false: their outcome may change. Paged: pass `next_cursor` back as `cursor` while has_more is true; the first call fixes the window. Use session_journey on a session_id for its pages.",
    metrics: ["matching_sessions"],
    annotations: read,
  },
  {
    name: "session_journey",
    operationId: "sessionJourney",
    title: "One session's journey",
    description:
      "The pages, timings, interactions and detection signals of one AI-agent session of the workspace, by session_id (from list_sessions or failing_sessions).",
    annotations: read,
  },
  {
    name: "attribution_overview",
    operationId: "attributionOverview",
    title: "Conversion attribution report",
    description:
      "Recorded conversions (orders) attributed to AI platforms and ad click ids, per currency (values are never summed across currencies), by basis (declared_click_id, declared_utm, none). Omit domain for the whole workspace.",
    metrics: ["conversions", "conversion_value"],
    annotations: read,
  },
  {
    name: "conversion_channels",
    operationId: "conversionChannels",
    title: "Orders and revenue by channel",
    description:
      "Does AI buy? Every order of the period once, in its channel: placed by an agent through the shop's ACP or UCP checkout, after an agent submitted the cart or checkout in the browser (WebMCP), by a person an AI assistant referred, or other; revenue per currency with the previous period. Also the agentic checkouts by protocol and agent (verified or not, completed, canceled, failed) and what agents submitted in the browser. Omit domain for the whole workspace.",
    annotations: read,
  },
  {
    name: "record_conversions",
    operationId: "recordConversions",
    title: "Record orders",
    description:
      "Records 1 to 100 orders from the shop's backend. Amounts are integers in minor units (4990 = 49.90) with an ISO 4217 currency; occurred_at within the last 7 days. Each item is judged alone: read results[] for accepted, duplicate or rejected (with error.code). Re-sending an external_id never changes the stored order, so retries are safe.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "list_conversions",
    operationId: "listConversions",
    title: "List recorded orders",
    description:
      "Recorded conversions newest first, with their attributed platform and basis. Voided ones are left out unless include_voided is 'true'. Paged: pass `next_cursor` back as `cursor` while has_more is true.",
    annotations: read,
  },
  {
    name: "void_conversion",
    operationId: "voidConversion",
    title: "Void an order",
    description:
      "Voids a recorded conversion by its external_id (e.g. a refunded or test order): it stops counting in every report and cannot be un-voided; re-recording the id answers duplicate. Succeeds whether or not the id existed.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "robots_compliance",
    operationId: "robotsCompliance",
    title: "robots.txt compliance by AI agent",
    description: `Which AI agents requested paths the site's robots.txt disallowed for them at the time of the request (judged against the robots.txt history, not today's file): per agent the disallowed paths with the directive line and counts, and agents that never fetch robots.txt. Read from log drains and server-side events; check \`coverage\` before reading an empty answer as compliance. ${REPORT_WINDOW}`,
    metrics: [
      "agent_requests",
      "robots_fetches",
      "robots_checked_requests",
      "robots_judged",
      "robots_not_judged",
      "robots_disallowed",
    ],
    annotations: read,
  },
  {
    name: "crawl_to_referral",
    operationId: "crawlToReferral",
    title: "Crawl-to-referral by AI operator",
    description: `Per AI operator: crawl and search requests by its agents against human visits its assistant sent (ai_assistant_link sessions), with the ratio and a per-hour or per-day series. ${REPORT_WINDOW}`,
    metrics: ["crawl_requests", "search_requests", "referrals", "crawl_to_referral_ratio"],
    annotations: read,
  },
  {
    name: "agent_errors",
    operationId: "agentErrors",
    title: "AI agents' 404s and errors",
    description: `Paths AI agents requested that answered 4xx or 5xx, grouped by path, with statuses, agents and dates; 404/410 pages are flagged as redirect candidates. ${REPORT_WINDOW}`,
    metrics: ["agent_requests", "error_requests", "not_found_requests"],
    annotations: read,
  },
  {
    name: "create_drain",
    operationId: "createDrain",
    title: "Create a log drain",
    description:
      "Creates a log-drain endpoint for a site so AI crawlers that never run JavaScript are counted: format cloudflare_logpush (Logpush HTTP destination), vercel (log drain; pass vercel_verify from Vercel's form) or ndjson (one /api/v1/events record per line). Returns the secret and the exact values to paste into the vendor's settings (`setup`), shown once.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: "list_drains",
    operationId: "listDrains",
    title: "List a site's log drains",
    description:
      "A site's log drains with their status (waiting, receiving, rejecting, refusing, revoked), the last batch's accepted and rejected lines and the reasons. Use after setting up a drain to see whether batches arrive.",
    annotations: read,
  },
  {
    name: "get_drain",
    operationId: "getDrain",
    title: "One log drain's status",
    description:
      "One drain's status by drain_id: the last batch received, how many lines it stored or rejected and why, and the newest refused request (wrong secret or signature).",
    annotations: read,
  },
  {
    name: "revoke_drain",
    operationId: "revokeDrain",
    title: "Revoke a log drain",
    description:
      "Revokes a drain: its endpoint refuses every later batch; what it stored stays. Cannot be undone (create a new drain instead).",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "list_policy_agents",
    operationId: "listPolicyAgents",
    title: "Agents a policy can name",
    description:
      "The AI agents and operators a site's agent policy can name, each agent with its operator, policy purpose (crawl, search, user_action, agentic_browser, unknown), robots.txt product token and whether collectors can verify it. Read it before writing agent or operator rules.",
    annotations: read,
  },
  {
    name: "get_site_policy",
    operationId: "getSitePolicy",
    title: "A site's agent policy",
    description:
      "A site's agent policy by site_id (or domain): the default action per purpose, operator and agent rules (allow, block, obey_robots), path exceptions, managed robots.txt settings, and its version (send it back when changing the policy).",
    annotations: read,
  },
  {
    name: "set_site_policy",
    operationId: "putSitePolicy",
    title: "Replace a site's agent policy",
    description:
      "Replaces a site's whole agent policy; collectors enforce it within a minute (403 for blocked agents; people are never blocked). Read it first with get_site_policy and pass its version to avoid overwriting someone else's change; read policy_costs before blocking: a block can cost visits, referrals and orders.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "blocked_requests",
    operationId: "blockedRequests",
    title: "Requests the agent policy blocked",
    description: `Per AI agent, the requests collectors answered 403 under the site's agent policy: how many, from verified or only claimed identities, and why (the agent's action, or robots.txt under obey_robots). ${REPORT_WINDOW}`,
    annotations: read,
  },
  {
    name: "policy_costs",
    operationId: "getPolicyCosts",
    title: "What blocking each agent would cost",
    description:
      "Before changing a site's agent policy: for each agent seen in the last 30 days, the requests it made and how many broke robots.txt, the visits (and orders) of its platform's agents acting for a person, and the referrals and attributed orders its operator's assistant sent, with one sentence per agent ('Blocking GPTBot would have stopped 1,240 requests and 0 referrals.'). Every figure is the matching report's.",
    annotations: read,
  },
];
