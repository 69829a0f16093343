import type { OpenAPIHono } from "@hono/zod-openapi";
import { valueOrThrow } from "@shared/errors/api-error";
import { BlockedRequests } from "@shared/policy/blocked-requests-schema";
import { blockedRequestsReport } from "@shared/reads/blocked-requests-report";
import type { V1AppEnv } from "../../app-env";
import { ReportQuery } from "../traffic/schema";
import { v1Route } from "../v1-route";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/blocked-requests",
    operationId: "blockedRequests",
    tags: ["Traffic", "Policy"],
    summary: "Requests blocked by the agent policy, per agent",
    description:
      "The requests collectors answered 403 under the site's agent policy in the window, per agent: how many, from verified or only claimed identities, and why (the agent's action, or robots.txt under obey_robots). They are agent requests like any other, so the other agent reports count them too (robots.txt compliance judges them; AI errors lists their 403).",
    request: { query: ReportQuery.omit({ compare: true }) },
    responses: {
      200: { description: "Blocked requests", content: { "application/json": { schema: BlockedRequests } } },
    },
  },
  {
    scope: "traffic:read",
    limit: "reads",
    errors: ["invalid_domain", "invalid_window", "site_not_found"],
    conditional: true,
  },
);

export function registerBlockedRequests(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    return c.json(valueOrThrow(await blockedRequestsReport(c.get("ctx"), c.req.valid("query")), "query"), 200);
  });
}
