import type { AgentSessionFilters } from "@shared/reports/agent-sessions";
import { PURPOSES } from "@shared/reports/purpose-split";
import { type ReportWindow, resolveWindow } from "@shared/reports/report-window";
import { TIERS } from "@shared/reports/verification";
import { OUTCOMES } from "@shared/sessions/outcome";
import { pageWindow } from "./report-window-form";

function pick<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

export interface SessionsQuery {
  window: ReportWindow;
  /** The sentence of a refused range (the page shows its default period with it). */
  problem: string | null;
  filters: AgentSessionFilters;
  after: { startedAt: number; id: string } | undefined;
}

/**
 * The Sessions page's window, filters and position from its query string: read once
 * here for the page and its CSV download, so the download lists the page's sessions.
 */
export function sessionsQuery(q: Record<string, string>, nowMs: number, timeZone?: string): SessionsQuery {
  const asked = pageWindow(q, nowMs, timeZone);
  // A "Next page" link pins the window by its exact bounds, like the API's cursor.
  const window =
    q.start && q.end && /^\d+$/.test(q.start) && /^\d+$/.test(q.end)
      ? resolveWindow(
          { from: new Date(Number(q.start)).toISOString(), to: new Date(Number(q.end)).toISOString() },
          nowMs,
        )
      : asked.window;
  const filters: AgentSessionFilters = {
    // Platform ids are lower-case tokens ("chatgpt"); a hand-typed "ChatGPT" means the same.
    agentPlatform: q.agent_platform ? q.agent_platform.trim().slice(0, 64).toLowerCase() || undefined : undefined,
    purpose: pick(PURPOSES, q.purpose),
    tier: pick(TIERS, q.tier),
    outcome: pick(OUTCOMES, q.outcome),
  };
  const after = /^(\d+):(.+)$/.exec(q.after ?? "");
  return {
    window,
    problem: asked.problem,
    filters,
    after: after ? { startedAt: Number(after[1]), id: after[2] } : undefined,
  };
}
