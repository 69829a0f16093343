import type { Coverage } from "./agent-report-schemas";

/** What coverage is computed from: the site's snippet signal, its drains (D1), its server-side records (shard). */
export interface CoverageFacts {
  snippetInstalledAt: number | null;
  drains: Array<{
    id: string;
    format: Coverage["drains"][number]["format"];
    lastAcceptAt: number | null;
    revokedAt: number | null;
  }>;
  serverEventsLastAt: number | null;
}

const NOTES: Record<Coverage["kind"], string> = {
  snippet_only:
    "Snippet only: browsers are counted, agents that run no JavaScript (most crawlers and AI fetchers) are not. Reports over agents' requests stay empty until a log drain or server-side events are connected.",
  drains:
    "Server-side records only: every request the logs hold is counted, but no in-page interaction, and people are counted from the logs without the snippet's signals.",
  both: "Snippet and server-side records: browsers and agents that run no JavaScript are both counted.",
  none: "Nothing has reported yet: neither the snippet nor a log drain or server-side events. Every number is zero for that reason.",
};

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/**
 * The site's coverage (docs/reports.md "Coverage"): the snippet counts when it has sent
 * a verified beacon; the server side when an active drain has stored a batch or an AI
 * agent's record came through `POST /api/v1/events`.
 */
export function coverageOf(facts: CoverageFacts): Coverage {
  const active = facts.drains.filter((d) => d.revokedAt === null);
  const snippet = facts.snippetInstalledAt !== null;
  const serverSide = active.some((d) => d.lastAcceptAt !== null) || facts.serverEventsLastAt !== null;
  const kind: Coverage["kind"] = snippet ? (serverSide ? "both" : "snippet_only") : serverSide ? "drains" : "none";
  return {
    kind,
    snippet,
    server_side: serverSide,
    snippet_installed_at: iso(facts.snippetInstalledAt),
    drains: active.map((d) => ({ id: d.id, format: d.format, last_accept_at: iso(d.lastAcceptAt) })),
    server_events_last_at: iso(facts.serverEventsLastAt),
    note: NOTES[kind],
  };
}
