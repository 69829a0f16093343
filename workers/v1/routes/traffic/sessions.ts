import type { OpenAPIHono } from "@hono/zod-openapi";
import { cursorKey, decodeCursor, encodeCursor } from "../../../../shared/cursor/keyset-cursor";
import { agentSessions } from "../../../../shared/reports/agent-sessions";
import { findReportSite } from "../../../../shared/reports/report-site";
import { resolveWindow } from "../../../../shared/reports/report-window";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { fromPosition } from "./failing-sessions";
import { SessionsQuery, SessionsResponse } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sessions",
    operationId: "listSessions",
    tags: ["Traffic"],
    summary: "AI-agent sessions, newest first",
    description:
      "Every AI-agent session started in the window, newest first, optionally filtered by platform, purpose, tier and outcome (open sessions carry their outcome so far, `outcome_settled: false`). Each `session_id` opens its journey at GET /api/v1/traffic/sessions/{session_id}. Paged like failing sessions: the first call fixes the window; its cursor keeps it, so sessions added while paging neither repeat nor shift rows. Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: SessionsQuery },
    responses: {
      200: { description: "A page of sessions", content: { "application/json": { schema: SessionsResponse } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_domain", "invalid_cursor", "site_not_found"] },
);

export function registerSessions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const workspaceId = c.get("auth").workspaceId;
    const nowMs = Date.now();
    const site = await findReportSite(c.env.DB, workspaceId, query.domain);
    // Bound to the workspace, site, period and every filter: a cursor of another list
    // is refused like a forged one.
    const filters = [query.agent_platform, query.purpose, query.tier, query.outcome].map((f) => f ?? "");
    const binding = { list: ["traffic-sessions", site.id, query.period, ...filters].join("\u0000"), workspaceId };
    const key = await cursorKey(c.env);
    const resumed = query.cursor === undefined ? null : fromPosition(await decodeCursor(key, binding, query.cursor));
    const window = resumed?.window ?? resolveWindow({ period: query.period }, nowMs);
    const page = await agentSessions(c.env.DB, {
      site,
      window,
      nowMs,
      agentPlatform: query.agent_platform,
      purpose: query.purpose,
      tier: query.tier,
      outcome: query.outcome,
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
