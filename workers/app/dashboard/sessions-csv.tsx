import { allAgentSessions, allFailingSessions, type ListRows } from "@shared/reads/session-lists";
import { coverageHeader } from "@shared/reports/coverage-header";
import type { FailingItem } from "@shared/reports/failing-sessions";
import { SESSION_CSV } from "@shared/reports/report-csv";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, fields } from "./csv-download";
import { sessionsQuery } from "./sessions-query";
import { sitePageValue } from "./site-context";

/**
 * The most sessions one download lists (docs/app.md "CSV downloads"): the newest this
 * many of the filtered list, read page by page through the API's own list (50 a page,
 * so at most 100 shard calls, about a second). A longer list is cut here, as the link's
 * label says; the API's paged CSV (`Accept: text/csv`) walks any length.
 */
export const SESSIONS_CSV_MAX_ROWS = 5000;

type SessionsTable = "sessions" | "failing";

/** The whole filtered list of the table, from its start whatever page the link was on. */
async function listRows(c: Context<AppEnv>, table: SessionsTable): Promise<ListRows<unknown>> {
  const ctx = pageContext(c);
  const { window, problem, filters } = sessionsQuery(c.req.query(), ctx.nowMs, ctx.timeZone);
  if (problem) throw new HTTPException(400, { message: problem });
  const domain = c.req.param("domain") ?? "";
  const query = { domain, ...window, ...filters };
  if (table === "sessions") return sitePageValue(domain, await allAgentSessions(ctx, query, SESSIONS_CSV_MAX_ROWS));
  return sitePageValue(domain, await allFailingSessions(ctx, query, SESSIONS_CSV_MAX_ROWS));
}

export const SESSIONS_CSV: CsvPage<ListRows<unknown>, SessionsTable> = {
  path: "/app/sites/:domain/sessions",
  input: listRows,
  fileName: (r, table) => `${table === "sessions" ? "sessions" : "failing-sessions"}-${r.domain}`,
  headers: async (_c, r) => coverageHeader(r.data_coverage),
  tables: {
    sessions: csvTable({
      title: `AI-agent sessions matching the filters (the newest ${SESSIONS_CSV_MAX_ROWS.toLocaleString("en")} at most)`,
      read: (r: ListRows<unknown>) => r.rows as never[],
      columns: SESSION_CSV,
    }),
    failing: csvTable({
      title: "Failing sessions",
      read: (r: ListRows<unknown>) => r.rows as FailingItem[],
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
