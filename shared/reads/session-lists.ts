import type { RequestContext } from "../context/request-context";
import { type AgentSessionsPage, SESSIONS_LIMIT_DEFAULT, SESSIONS_LIMIT_MAX } from "../reports/agent-sessions";
import { FAILING_LIMIT_DEFAULT, FAILING_LIMIT_MAX, type FailingPage } from "../reports/failing-sessions";
import type { ReportParams } from "../reports/report-params";
import type { AgentSessions, FailingSessions } from "../reports/report-schemas";
import type { SessionPosition } from "../reports/session-rows";
import { ok, type Result } from "../result/result";
import { siteShard } from "../shards/site-shard";
import type { Coverage } from "../sites/coverage-schema";
import { filterKey, type SessionFilters, sessionFiltersOf } from "./session-filters";
import { type SessionListAt, type SessionListQuery, type SessionListRefusal, sessionListAt } from "./session-list-page";
import { siteCoverage } from "./site-coverage";

// The session lists (docs/reports.md "Sessions"): every AI-agent session of a window,
// filtered, and the failing ones, newest first, keyset-paged with signed cursors. Each
// page is one call to the site's analytics shard. The v1 list routes, the MCP tools
// (through them), the Sessions page and its CSV downloads read them here.

export type { SessionListQuery, SessionListRefusal };

/** The agent list's query: its filters are declared in ./session-filters.ts. */
export interface AgentSessionQuery extends SessionListQuery, SessionFilters {
  limit?: number;
}
export interface FailingSessionQuery extends SessionListQuery {
  agent_platform?: string;
  limit?: number;
}

type WithCoverage<T> = T & { data_coverage: Coverage };

// A cursor is bound to its list and its filters: one of another list or filter is refused.
const agentListKey = (q: AgentSessionQuery) => ["traffic-sessions", ...filterKey(q)];
const failingListKey = (q: FailingSessionQuery) => ["traffic-failing", q.agent_platform ?? ""];

type Shard = ReturnType<typeof siteShard>;
type PageOf<P> = (shard: Shard, params: ReportParams & { after?: SessionPosition }) => Promise<P>;

const agentPage =
  (q: AgentSessionQuery, limit: number): PageOf<AgentSessionsPage> =>
  (shard, params) =>
    shard.agentSessions({ ...params, filters: sessionFiltersOf(q), limit });
const failingPage =
  (q: FailingSessionQuery, limit: number): PageOf<FailingPage> =>
  (shard, params) =>
    shard.failingSessions({ ...params, agentPlatform: q.agent_platform, limit });

/** One page at the list's position, its next cursor and the site's coverage. */
async function onePage<P extends { last: SessionPosition | null }>(
  ctx: RequestContext,
  at: SessionListAt,
  read: PageOf<P>,
): Promise<WithCoverage<Omit<P, "last"> & { next_cursor: string }>> {
  const { site, window, after } = at;
  const [page, data_coverage] = await Promise.all([
    read(siteShard(ctx.env, site.id), { site, window, nowMs: ctx.nowMs, after }),
    siteCoverage(ctx.env, ctx.workspaceId, site),
  ]);
  const { last, ...body } = page;
  return { ...body, next_cursor: await at.nextCursor(last), data_coverage };
}

/** A page of every AI-agent session started in the window, filtered (./session-filters.ts). */
export async function listAgentSessions(
  ctx: RequestContext,
  query: AgentSessionQuery,
): Promise<Result<WithCoverage<AgentSessions>, SessionListRefusal>> {
  const at = await sessionListAt(ctx, query, agentListKey(query));
  if (!at.ok) return at;
  return ok(await onePage(ctx, at.value, agentPage(query, query.limit ?? SESSIONS_LIMIT_DEFAULT)));
}

/** A page of the failing AI-agent sessions (abandoned, or bounced) started in the window. */
export async function listFailingSessions(
  ctx: RequestContext,
  query: FailingSessionQuery,
): Promise<Result<WithCoverage<FailingSessions>, SessionListRefusal>> {
  const at = await sessionListAt(ctx, query, failingListKey(query));
  if (!at.ok) return at;
  return ok(await onePage(ctx, at.value, failingPage(query, query.limit ?? FAILING_LIMIT_DEFAULT)));
}

/** Every page of a list from its position, until its end or `max` rows (one shard call a page). */
async function allRows<P extends { results: unknown[]; has_more: boolean; last: SessionPosition | null }>(
  ctx: RequestContext,
  at: SessionListAt,
  read: PageOf<P>,
  max: number,
): Promise<P["results"]> {
  const shard = siteShard(ctx.env, at.site.id);
  const rows: P["results"] = [];
  let after = at.after;
  while (rows.length < max) {
    const page = await read(shard, { site: at.site, window: at.window, nowMs: ctx.nowMs, after });
    rows.push(...page.results);
    if (!page.has_more || !page.last) break;
    after = page.last;
  }
  return rows.slice(0, max);
}

export interface ListRows<R> {
  domain: string;
  rows: R[];
  data_coverage: Coverage;
}

/** The whole filtered agent list (newest `max` rows at most), for a download. */
export async function allAgentSessions(
  ctx: RequestContext,
  query: AgentSessionQuery,
  max: number,
): Promise<Result<ListRows<AgentSessions["results"][number]>, SessionListRefusal>> {
  const at = await sessionListAt(ctx, query, agentListKey(query));
  if (!at.ok) return at;
  const [rows, data_coverage] = await Promise.all([
    allRows(ctx, at.value, agentPage(query, SESSIONS_LIMIT_MAX), max),
    siteCoverage(ctx.env, ctx.workspaceId, at.value.site),
  ]);
  return ok({ domain: at.value.site.domain, rows, data_coverage });
}

/** The whole failing list (newest `max` rows at most), for a download. */
export async function allFailingSessions(
  ctx: RequestContext,
  query: FailingSessionQuery,
  max: number,
): Promise<Result<ListRows<FailingSessions["results"][number]>, SessionListRefusal>> {
  const at = await sessionListAt(ctx, query, failingListKey(query));
  if (!at.ok) return at;
  const [rows, data_coverage] = await Promise.all([
    allRows(ctx, at.value, failingPage(query, FAILING_LIMIT_MAX), max),
    siteCoverage(ctx.env, ctx.workspaceId, at.value.site),
  ]);
  return ok({ domain: at.value.site.domain, rows, data_coverage });
}

export interface SessionListsAnswer {
  sessions: WithCoverage<AgentSessions>;
  /** The newest failing sessions of the same window and platform, one page. */
  failing: Omit<FailingSessions, "next_cursor">;
  /** Platforms with an AI-agent session in the window (most sessions first): a filter's choices. */
  platforms: string[];
}

/**
 * Both lists of one window at once (the Sessions page): a page of the filtered agent list
 * at the cursor, the first `failingLimit` failing sessions of its window and platform,
 * and the platforms seen in it; one site lookup and one shard call per part.
 */
export async function sessionLists(
  ctx: RequestContext,
  query: AgentSessionQuery & { failingLimit: number },
): Promise<Result<SessionListsAnswer, SessionListRefusal>> {
  const at = await sessionListAt(ctx, query, agentListKey(query));
  if (!at.ok) return at;
  const { site, window } = at.value;
  const shard = siteShard(ctx.env, site.id);
  const [sessions, failing, seen] = await Promise.all([
    onePage(ctx, at.value, agentPage(query, query.limit ?? SESSIONS_LIMIT_DEFAULT)),
    failingPage(query, query.failingLimit)(shard, { site, window, nowMs: ctx.nowMs }),
    shard.overview({ site, window, nowMs: ctx.nowMs }),
  ]);
  const { last: _last, ...failingPart } = failing;
  return ok({ sessions, failing: failingPart, platforms: seen.by_platform.map((p) => p.platform) });
}
