import type { OpenAPIHono } from "@hono/zod-openapi";
import { type CursorPosition, cursorKey, decodeCursor, encodeCursor } from "../../../../shared/cursor/keyset-cursor";
import { ApiError } from "../../../../shared/errors/api-error";
import { findReportSite } from "../../../../shared/reports/report-site";
import { REPORT_PERIODS, type ReportWindow, resolveWindow } from "../../../../shared/reports/report-window";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { FailingSessionsQuery, FailingSessionsResponse } from "./schema";
import { siteShard } from "./site-shard";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/failing-sessions",
    operationId: "failingSessions",
    tags: ["Traffic"],
    summary: "Abandoned or bounced AI-agent sessions",
    description:
      "AI-agent sessions the session-end rollup settled as abandoned (cart or checkout reached, no purchase) or as short single-page bounces (one page, no interaction, under 5 s), newest first. The labels do not say why a visit ended. The first call fixes the window; its cursor keeps it, so sessions added while paging neither repeat nor shift rows. Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: FailingSessionsQuery },
    responses: {
      200: {
        description: "A page of failing sessions",
        content: { "application/json": { schema: FailingSessionsResponse } },
      },
    },
  },
  {
    scope: "traffic:read",
    limit: "reads",
    errors: ["invalid_domain", "invalid_cursor", "site_not_found"],
  },
);

function invalidCursor(): ApiError {
  return new ApiError("invalid_cursor", "The cursor is invalid: pass next_cursor from the previous page unchanged");
}

/** Cursor position: the pinned window, then the keyset position (started_at, id) of the last row. */
function fromPosition(p: CursorPosition): { window: ReportWindow; startedAt: number; id: string } {
  const [period, start, end, startedAt, id] = p;
  if (
    p.length !== 5 ||
    !(REPORT_PERIODS as readonly unknown[]).includes(period) ||
    typeof start !== "number" ||
    typeof end !== "number" ||
    typeof startedAt !== "number" ||
    typeof id !== "string"
  ) {
    throw invalidCursor();
  }
  return { window: { period: period as ReportWindow["period"], start, end }, startedAt, id };
}

export function registerFailingSessions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const workspaceId = c.get("auth").workspaceId;
    const nowMs = Date.now();
    const site = await findReportSite(c.env.DB, workspaceId, query.domain);
    // A cursor is bound to the workspace, site, period and platform filter: one issued
    // for any other list is refused like a forged one.
    const binding = {
      list: `traffic-failing\u0000${site.id}\u0000${query.period}\u0000${query.agent_platform ?? ""}`,
      workspaceId,
    };
    const key = await cursorKey(c.env);
    const resumed = query.cursor === undefined ? null : fromPosition(await decodeCursor(key, binding, query.cursor));
    const window = resumed?.window ?? resolveWindow({ period: query.period }, nowMs);
    const page = await siteShard(c.env, site.id).failingSessions({
      site,
      window,
      nowMs,
      agentPlatform: query.agent_platform,
      limit: query.limit,
      after: resumed ? { startedAt: resumed.startedAt, id: resumed.id } : undefined,
    });
    // An empty page points at the window's start: following it stays empty.
    const last =
      page.last ?? (resumed ? { startedAt: resumed.startedAt, id: resumed.id } : { startedAt: window.start, id: "" });
    const next_cursor = await encodeCursor(key, binding, [
      window.period,
      window.start,
      window.end,
      last.startedAt,
      last.id,
    ]);
    const { last: _last, ...body } = page;
    return c.json({ ...body, next_cursor }, 200);
  });
}
