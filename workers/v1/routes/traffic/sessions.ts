import type { OpenAPIHono } from "@hono/zod-openapi";
import { AgentSessions } from "@shared/reports/report-schemas";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { SessionsQuery } from "./schema";
import { sessionListBody } from "./session-list";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sessions",
    operationId: "listSessions",
    tags: ["Traffic"],
    summary: "AI-agent sessions, newest first",
    description:
      "Every AI-agent session started in the window, newest first, optionally filtered by platform, purpose, tier and outcome (open sessions carry their outcome so far, `outcome_settled: false`). Each `session_id` opens its journey at GET /api/v1/traffic/sessions/{session_id}. Paged like failing sessions: the first call fixes the window; its cursor keeps it, so sessions added while paging neither repeat nor shift rows; `has_more` is false on the last page.",
    request: { query: SessionsQuery },
    responses: {
      200: { description: "A page of sessions", content: { "application/json": { schema: AgentSessions } } },
    },
  },
  {
    scope: "traffic:read",
    limit: "reads",
    errors: ["invalid_domain", "invalid_cursor", "site_not_found"],
    conditional: true,
  },
);

export function registerSessions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const filters = {
      agentPlatform: query.agent_platform,
      purpose: query.purpose,
      tier: query.tier,
      outcome: query.outcome,
    };
    const body = await sessionListBody(
      c.env,
      c.get("auth").workspaceId,
      query,
      ["traffic-sessions", ...Object.values(filters).map((f) => f ?? "")],
      (shard, at) => shard.agentSessions({ ...at, ...filters, limit: query.limit }),
    );
    return c.json(body, 200);
  });
}
