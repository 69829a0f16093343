import type { Purpose } from "../classify/agents";

// What an AI-agent session was (docs/reports.md "What an agent session was"), the finer
// word beside its purpose: the operator says why its agent comes (purpose, declared per
// product token, shared/classify/agents.ts), the session shows how it came. A crawl and a
// search fetch are their purposes; an agent acting for a person is an agentic browser
// when the session shows a browser (its User-Agent names a browser engine, or the page
// caught automation driving it), else an assistant fetching pages for the person. An
// agent whose operator states no purpose is `unstated`. So the kinds refine the purposes
// exactly: crawl = crawl, search = search_fetch, user_action = assistant_fetch +
// agentic_browser, unknown = unstated.

export const AGENT_KINDS = ["crawl", "search_fetch", "assistant_fetch", "agentic_browser", "unstated"] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** The kinds each purpose is split into, in order. */
export const KINDS_OF_PURPOSE: Record<Purpose, readonly AgentKind[]> = {
  crawl: ["crawl"],
  search: ["search_fetch"],
  user_action: ["assistant_fetch", "agentic_browser"],
  unknown: ["unstated"],
};

/**
 * A browser, over a `sessions` row: device detection found a browser engine in the
 * User-Agent (shared/classify/user-agent.ts `deviceInfo`: `bot` when none), or the page
 * saw automation (detection signals `automation_flag`, `behaviour`).
 */
const IN_A_BROWSER = `((device_type IS NOT NULL AND device_type <> 'bot') OR detection_signals LIKE '%"automation_flag"%' OR detection_signals LIKE '%"behaviour"%')`;

/** The kind of an AI-agent session, over a `sessions` row. */
export const AGENT_KIND_SQL = `CASE coalesce(purpose, 'unknown')
  WHEN 'crawl' THEN 'crawl'
  WHEN 'search' THEN 'search_fetch'
  WHEN 'user_action' THEN CASE WHEN ${IN_A_BROWSER} THEN 'agentic_browser' ELSE 'assistant_fetch' END
  ELSE 'unstated' END`;
