import { siteCoverage } from "@shared/reads/site-coverage";
import { SESSIONS_LIMIT_MAX } from "@shared/reports/agent-sessions";
import { coverageHeader } from "@shared/reports/coverage-header";
import { FAILING_LIMIT_MAX, type FailingItem } from "@shared/reports/failing-sessions";
import { SESSION_CSV } from "@shared/reports/report-csv";
import type { ReportParams } from "@shared/reports/report-params";
import type { SessionPosition } from "@shared/reports/session-list-page";
import { siteShard } from "@shared/shards/site-shard";
import { HTTPException } from "hono/http-exception";
import { type CsvPage, csvTable, fields } from "./csv-download";
import { type SessionsQuery, sessionsQuery } from "./sessions-query";
import { siteOfPage } from "./site-context";

/**
 * The most sessions one download lists (docs/app.md "CSV downloads"): the newest this
 * many of the filtered list, read page by page through the API's own list call (50 a
 * page, so at most 100 shard calls, about a second). A longer list is cut here, as the
 * link's label says; the API's paged CSV (`Accept: text/csv`) walks any length.
 */
export const SESSIONS_CSV_MAX_ROWS = 5000;

interface SessionsInput {
  shard: ReturnType<typeof siteShard>;
  params: ReportParams;
  query: SessionsQuery;
}

/** Every page of a keyset list, newest first, until its end or `max` rows. */
async function allPages<R>(
  read: (
    after: SessionPosition | undefined,
  ) => Promise<{ results: R[]; has_more: boolean; last: SessionPosition | null }>,
  max: number,
): Promise<R[]> {
  const rows: R[] = [];
  let after: SessionPosition | undefined;
  while (rows.length < max) {
    const page = await read(after);
    rows.push(...page.results);
    if (!page.has_more || !page.last) break;
    after = page.last;
  }
  return rows.slice(0, max);
}

type SessionsTable = "sessions" | "failing";

export const SESSIONS_CSV: CsvPage<SessionsInput, SessionsTable> = {
  path: "/app/sites/:domain/sessions",
  input: async (c) => {
    const site = await siteOfPage(c);
    const nowMs = Date.now();
    const timeZone = c.get("workspace").timeZone;
    const query = sessionsQuery(c.req.query(), nowMs, timeZone);
    if (query.problem) throw new HTTPException(400, { message: query.problem });
    return { shard: siteShard(c.env, site.id), params: { site, window: query.window, nowMs, timeZone }, query };
  },
  fileName: (i, table) => `${table === "sessions" ? "sessions" : "failing-sessions"}-${i.params.site.domain}`,
  headers: async (c, i) => coverageHeader(await siteCoverage(c.env, c.get("workspace").id, i.params.site)),
  tables: {
    // The whole filtered list from its start, whatever page the link was on.
    sessions: csvTable({
      title: `AI-agent sessions matching the filters (the newest ${SESSIONS_CSV_MAX_ROWS.toLocaleString("en")} at most)`,
      read: ({ shard, params, query }: SessionsInput) =>
        allPages(
          (after) => shard.agentSessions({ ...params, ...query.filters, limit: SESSIONS_LIMIT_MAX, after }),
          SESSIONS_CSV_MAX_ROWS,
        ),
      columns: SESSION_CSV,
    }),
    failing: csvTable({
      title: "Failing sessions",
      read: ({ shard, params, query }: SessionsInput) =>
        allPages<FailingItem>(
          (after) =>
            shard.failingSessions({
              ...params,
              agentPlatform: query.filters.agentPlatform,
              limit: FAILING_LIMIT_MAX,
              after,
            }),
          SESSIONS_CSV_MAX_ROWS,
        ),
      columns: fields<FailingItem>(
        "session_id",
        "agent_platform",
        "started_at",
        "duration_ms",
        "page_count",
        "entry_url",
        "exit_url",
        "reason",
      ),
    }),
  },
};
