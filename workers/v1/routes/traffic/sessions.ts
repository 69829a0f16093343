import type { OpenAPIHono } from "@hono/zod-openapi";
import { toCsv } from "@shared/encoding/csv";
import { valueOrThrow } from "@shared/errors/api-error";
import { listAgentSessions } from "@shared/reads/session-lists";
import { coverageHeader, coverageHeaderDoc } from "@shared/reports/coverage-header";
import { SESSION_CSV } from "@shared/reports/report-csv";
import { AgentSessions } from "@shared/reports/report-schemas";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { csvAnswer, csvContent, wantsCsv } from "./csv-answer";
import { SessionsQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sessions",
    operationId: "listSessions",
    tags: ["Traffic"],
    summary: "AI-agent sessions, newest first",
    description:
      "Every AI-agent session started in the window, newest first, optionally filtered by platform, purpose, tier and outcome (open sessions carry their outcome so far, `outcome_settled: false`). Each `session_id` opens its journey at GET /api/v1/traffic/sessions/{session_id}. Paged like failing sessions: the window is `period` or `from`/`to`, and the first call fixes it; its cursor keeps it, so sessions added while paging neither repeat nor shift rows; `has_more` is false on the last page.",
    request: { query: SessionsQuery },
    responses: {
      200: {
        description:
          "A page of sessions. As CSV (Accept: text/csv) the page's rows, with the paging in headers X-Next-Cursor, X-Has-More and X-Total-Matching.",
        headers: coverageHeaderDoc,
        content: { "application/json": { schema: AgentSessions }, ...csvContent("the page's `results`") },
      },
    },
  },
  {
    scope: "traffic:read",
    limit: "reads",
    errors: ["invalid_domain", "invalid_window", "invalid_cursor", "site_not_found"],
    conditional: true,
  },
);

export function registerSessions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const body = valueOrThrow(await listAgentSessions(c.get("ctx"), c.req.valid("query")), "query");
    if (wantsCsv(c))
      return csvAnswer(c, `sessions-${body.domain}`, toCsv(SESSION_CSV, body.results), {
        "X-Next-Cursor": body.next_cursor,
        "X-Has-More": String(body.has_more),
        "X-Total-Matching": String(body.total_matching),
        ...coverageHeader(body.data_coverage),
      }) as never;
    return c.json(body, 200, { Vary: "Accept" });
  });
}
