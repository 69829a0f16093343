import type { PopulationId } from "./populations";

// Every number a merchant sees, declared once (docs/metrics.md is generated from this
// table; test/unit/metric-catalogue.test.ts checks it): its name in words, one sentence
// saying what it counts, its unit, the population it counts (./populations.ts) and what
// it leaves out. The v1 field descriptions (shared/reports/*-schemas.ts), the pages'
// "What is this?", the CSV downloads' headers, the MCP tools' descriptions and the
// weekly mail take their words from here.

export type Unit =
  | "sessions"
  | "visits"
  | "visitors"
  | "requests"
  | "percent"
  | "milliseconds"
  | "ratio"
  | "agents"
  | "signers"
  | "orders"
  | "minor currency units";

export interface Metric {
  name: string;
  definition: string;
  unit: Unit;
  population: PopulationId;
  /** What it does not count, in a sentence ("" when nothing of its population is left out). */
  excludes: string;
  /** Its column header in the app's CSV downloads. */
  csv: string;
}

const WINDOW = "started in the window";
const SNIPPET_ONLY =
  "Agents that run no JavaScript are counted only from server-side records (a log drain, server-side events or an uploaded log).";

export const METRICS = {
  agent_sessions: {
    name: "AI-agent sessions",
    definition: `AI-agent sessions ${WINDOW}.`,
    unit: "sessions",
    population: "agent_sessions",
    excludes: `Human visits, including those an AI assistant referred. ${SNIPPET_ONLY}`,
    csv: "agent_sessions",
  },
  agent_unique_visitors: {
    name: "Unique AI agents (summed per day)",
    definition:
      "Distinct agent clients of those sessions, counted per day and summed over the window's days: a visitor hash lasts one day, so one agent on two days counts twice.",
    unit: "visitors",
    population: "agent_sessions",
    excludes: "Human visitors.",
    csv: "agent_unique_visitors",
  },
  agent_median_duration: {
    name: "Median AI-agent session duration",
    definition: "The exact median of the durations of those sessions, first request to last; 0 without sessions.",
    unit: "milliseconds",
    population: "agent_sessions",
    excludes: "Human visits.",
    csv: "agent_median_duration_ms",
  },
  agent_share_of_platform: {
    name: "Share of AI-agent sessions",
    definition: "A part's AI-agent sessions as a percentage of all AI-agent sessions in the window, one decimal.",
    unit: "percent",
    population: "agent_sessions",
    excludes: "Human visits.",
    csv: "share_pct",
  },
  agent_entry_sessions: {
    name: "AI-agent sessions entering on the page",
    definition: "AI-agent sessions whose first request was this page.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Human visits.",
    csv: "agent_sessions",
  },
  verified_sessions: {
    name: "Verified AI-agent sessions",
    definition:
      "AI-agent sessions whose identity was confirmed: a valid Web Bot Auth signature of a listed operator, or the operator's published IP ranges or reverse DNS.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Sessions that only name an agent in their User-Agent, and sessions inferred from automation.",
    csv: "verified",
  },
  declared_sessions: {
    name: "Declared AI-agent sessions",
    definition:
      "AI-agent sessions whose User-Agent names the agent and that nothing confirmed: anyone can send that User-Agent.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Verified sessions and sessions inferred from automation.",
    csv: "declared",
  },
  heuristic_sessions: {
    name: "Inferred AI-agent sessions",
    definition: "AI-agent sessions inferred from automation seen on the page, with no identity claim.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Sessions that name an agent, verified or not.",
    csv: "heuristic",
  },
  failed_verification_sessions: {
    name: "AI-agent sessions that failed verification",
    definition:
      "Declared AI-agent sessions naming an agent whose operator publishes a way to verify it (IP ranges, reverse DNS) that refuted it: likely spoofed.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Declared sessions whose operator publishes no way to verify them, or that could not be checked.",
    csv: "failed_verification",
  },
  verified_share: {
    name: "Verified share",
    definition: "Verified AI-agent sessions as a percentage of all AI-agent sessions in the window, one decimal.",
    unit: "percent",
    population: "agent_sessions",
    excludes: "Human visits.",
    csv: "verified_pct",
  },
  signed_sessions: {
    name: "Signed AI-agent sessions",
    definition: "AI-agent sessions with a valid Web Bot Auth signature, whoever the signer.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Sessions whose signature failed or that carried none.",
    csv: "signed_sessions",
  },
  signers: {
    name: "Signers",
    definition: "Distinct key-source origins that signed those sessions.",
    unit: "signers",
    population: "agent_sessions",
    excludes: "",
    csv: "signers",
  },
  all_sessions: {
    name: "All recorded sessions",
    definition: `AI-agent sessions and human visits ${WINDOW}.`,
    unit: "sessions",
    population: "all_sessions",
    excludes:
      "Plain human visits when the site records AI and tagged traffic only (its coverage setting). Requests without a session (server-side records of agents are sessions too).",
    csv: "all_sessions",
  },
  ai_sessions: {
    name: "AI-agent sessions and visits referred by an AI assistant",
    definition: `AI-agent sessions plus human visits referred by an AI assistant, ${WINDOW}: the AI share's numerator.`,
    unit: "sessions",
    population: "all_sessions",
    excludes: "Other human visits.",
    csv: "ai_sessions",
  },
  ai_share: {
    name: "AI share",
    definition:
      "AI-agent sessions plus human visits referred by an AI assistant, as a percentage of all recorded sessions (agents and people), one decimal.",
    unit: "percent",
    population: "all_sessions",
    excludes: "Plain human visits when the site records AI and tagged traffic only: the share is then of that traffic.",
    csv: "ai_share_pct",
  },
  source_sessions: {
    name: "Sessions from the source",
    definition: `Recorded sessions, agents and people, ${WINDOW}, from this source.`,
    unit: "sessions",
    population: "all_sessions",
    excludes: "",
    csv: "all_sessions",
  },
  source_share: {
    name: "Share of all recorded sessions",
    definition:
      "A part's recorded sessions, agents and people, as a percentage of all recorded sessions in the window, one decimal.",
    unit: "percent",
    population: "all_sessions",
    excludes: "",
    csv: "share_pct",
  },
  referrer_host_sessions: {
    name: "Sessions from the referring site",
    definition: `Recorded sessions, agents and people, ${WINDOW}, whose referrer was this site.`,
    unit: "sessions",
    population: "all_sessions",
    excludes: "Sessions without a referrer (direct, tagged links without one).",
    csv: "all_sessions",
  },
  entry_sessions: {
    name: "Sessions entering on the page",
    definition: `Recorded sessions, agents and people, ${WINDOW}, whose first page was this page.`,
    unit: "sessions",
    population: "all_sessions",
    excludes: "",
    csv: "all_sessions",
  },
  human_visits: {
    name: "Human visits",
    definition: `Human visits ${WINDOW}.`,
    unit: "visits",
    population: "human_visits",
    excludes:
      "AI-agent sessions; plain human visits when the site records AI and tagged traffic only (then only tagged, paid and AI-referred visits).",
    csv: "human_visits",
  },
  human_unique_visitors: {
    name: "Unique human visitors (summed per day)",
    definition:
      "Distinct browsers of those visits, counted per day and summed over the window's days: a visitor hash lasts one day, so one person on two days counts twice.",
    unit: "visitors",
    population: "human_visits",
    excludes: "AI agents.",
    csv: "human_unique_visitors",
  },
  assistant_referred_visits: {
    name: "Visits referred by an AI assistant",
    definition: `Human visits ${WINDOW} that arrived from a link in an AI assistant's answer.`,
    unit: "visits",
    population: "assistant_referred_visits",
    excludes: "AI-agent sessions, even those acting for a person; visits from other sources.",
    csv: "assistant_referred_visits",
  },
  human_channel_visits: {
    name: "Human visits from the channel",
    definition: `Human visits ${WINDOW} by how they arrived: AI assistant, search, social, other websites, paid, tagged campaign or direct.`,
    unit: "visits",
    population: "human_visits",
    excludes: "AI-agent sessions.",
    csv: "human_visits",
  },
  human_entry_visits: {
    name: "Human visits entering on the page",
    definition: "Human visits whose first page view was this page.",
    unit: "visits",
    population: "human_visits",
    excludes: "AI-agent sessions.",
    csv: "human_visits",
  },
  matching_sessions: {
    name: "Matching AI-agent sessions",
    definition: `AI-agent sessions ${WINDOW} with every filter's value, as the reports count them under those values.`,
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Human visits.",
    csv: "agent_sessions",
  },
  failing_sessions: {
    name: "Failing AI-agent sessions",
    definition:
      "Settled AI-agent sessions acting for a person (or not saying why they came) that reached the cart or checkout without a purchase, or left after one page in under 5 seconds.",
    unit: "sessions",
    population: "agent_sessions",
    excludes: "Crawls and search fetches (they index; they do not shop); sessions still open.",
    csv: "failing_sessions",
  },
  agent_requests: {
    name: "AI agents' requests",
    definition: "Requests by AI agents made in the window that server-side records hold, robots.txt fetches included.",
    unit: "requests",
    population: "agent_requests",
    excludes: "Page views the snippet saw (they are sessions); requests of people and of non-AI bots.",
    csv: "agent_requests",
  },
  robots_fetches: {
    name: "robots.txt fetches",
    definition: "AI agents' requests for /robots.txt in the window.",
    unit: "requests",
    population: "agent_requests",
    excludes: "",
    csv: "robots_fetches",
  },
  robots_checked_requests: {
    name: "Requests checked against robots.txt",
    definition: "AI agents' requests in the window other than robots.txt fetches: the requests robots.txt governs.",
    unit: "requests",
    population: "agent_requests",
    excludes: "robots.txt fetches themselves.",
    csv: "requests",
  },
  robots_judged: {
    name: "Judged",
    definition: "Checked requests judged against the robots.txt the site served when each was made.",
    unit: "requests",
    population: "agent_requests",
    excludes: "Requests made before the first robots.txt fetch, and requests by an agent with no product token.",
    csv: "judged",
  },
  robots_not_judged: {
    name: "Not judged",
    definition:
      "Checked requests that could not be judged: made before the site's first known robots.txt, or by an agent whose product token is unknown.",
    unit: "requests",
    population: "agent_requests",
    excludes: "",
    csv: "not_judged",
  },
  robots_disallowed: {
    name: "Disallowed when made",
    definition: "Judged requests the robots.txt in force at the time disallowed for that agent.",
    unit: "requests",
    population: "agent_requests",
    excludes: "Requests not judged; for 24 hours after a change, requests the previous file allowed.",
    csv: "disallowed",
  },
  agents_never_fetching: {
    name: "Agents never fetching robots.txt",
    definition: "AI agents with a request in the window and no robots.txt fetch in the 92 days kept.",
    unit: "agents",
    population: "agent_requests",
    excludes: "",
    csv: "agents",
  },
  error_requests: {
    name: "Requests answered 4xx or 5xx",
    definition: "AI agents' requests in the window that the site answered with a 4xx or 5xx status.",
    unit: "requests",
    population: "agent_requests",
    excludes: "Answers under 400.",
    csv: "error_requests",
  },
  not_found_requests: {
    name: "Requests answered 404 or 410",
    definition: "AI agents' requests in the window answered 404 or 410.",
    unit: "requests",
    population: "agent_requests",
    excludes: "",
    csv: "not_found",
  },
  crawl_requests: {
    name: "Crawl requests",
    definition: "AI agents' requests in the window by agents whose operator says they crawl (index or train).",
    unit: "requests",
    population: "agent_requests",
    excludes: "Search fetches, fetches for a person, agents of unstated purpose.",
    csv: "crawl_requests",
  },
  search_requests: {
    name: "Search requests",
    definition: "AI agents' requests in the window by agents whose operator says they index for AI search.",
    unit: "requests",
    population: "agent_requests",
    excludes: "Crawls, fetches for a person, agents of unstated purpose.",
    csv: "search_requests",
  },
  referrals: {
    name: "Visits referred by the operator's assistant",
    definition: "Human visits in the window that arrived from a link in this operator's AI assistant.",
    unit: "visits",
    population: "assistant_referred_visits",
    excludes: "AI-agent sessions.",
    csv: "referrals",
  },
  crawl_to_referral_ratio: {
    name: "Crawl-to-referral ratio",
    definition:
      "Crawl and search requests per visit the operator's assistant referred, one decimal; none without referrals.",
    unit: "ratio",
    population: "agent_requests",
    excludes: "",
    csv: "ratio",
  },
  conversions: {
    name: "Recorded orders",
    definition: "Orders whose time lies in the period, voided ones left out.",
    unit: "orders",
    population: "conversions",
    excludes: "Voided orders.",
    csv: "conversions",
  },
  conversion_value: {
    name: "Order value",
    definition:
      "Those orders' amounts in minor units of their currency (4990 = 49.90), never summed across currencies.",
    unit: "minor currency units",
    population: "conversions",
    excludes: "Voided orders; other currencies.",
    csv: "value_minor",
  },
} as const satisfies Record<string, Metric>;

export type MetricId = keyof typeof METRICS;
export const METRIC_IDS = Object.keys(METRICS) as MetricId[];
