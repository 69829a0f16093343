// Who or what a number counts (docs/metrics.md), declared once and named the same on
// every page, API field, CSV, mail and MCP tool. The populations are kept apart: a
// session is either software acting (an AI agent) or a person's visit, never both; a
// person's visit referred by an AI assistant is a human visit; an agent request is a
// server-side record of one HTTP request, not a session.

export interface Population {
  /** Its name in words, as pages and mail say it. */
  name: string;
  /** One sentence: what one unit of it is. */
  definition: string;
}

export const POPULATIONS = {
  agent_sessions: {
    name: "AI-agent sessions",
    definition:
      "Sessions of software acting, recognised as an AI agent: crawlers, search fetchers, assistants fetching a page for a person and agentic browsers, each session one visit of one agent (30 minutes without a request ends it).",
  },
  human_visits: {
    name: "human visits",
    definition:
      "Sessions of people: every recorded session that no AI agent made, each one visit of one browser (30 minutes without a page view ends it).",
  },
  assistant_referred_visits: {
    name: "visits referred by an AI assistant",
    definition:
      "Human visits that arrived from a link in an AI assistant's answer (ChatGPT, Claude, Perplexity, Gemini, Copilot, ...), told by the referrer or the link's UTM source tag.",
  },
  all_sessions: {
    name: "all recorded sessions",
    definition: "AI-agent sessions and human visits together: every session the site recorded.",
  },
  agent_requests: {
    name: "AI agents' requests",
    definition:
      "HTTP requests by an AI agent held in server-side records (log drains, server-side events, uploaded logs), one per request, robots.txt fetches included.",
  },
  conversions: {
    name: "recorded orders",
    definition:
      "Orders the shop's backend recorded (POST /api/v1/conversions or an agentic checkout), voided ones left out.",
  },
} as const satisfies Record<string, Population>;

export type PopulationId = keyof typeof POPULATIONS;
