import type { OpenAPIHono } from "@hono/zod-openapi";
import { TrafficOverview } from "@shared/reports/report-schemas";
import { siteShard } from "@shared/shards/site-shard";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { reportInput } from "./report-input";
import { SeriesReportQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/overview",
    operationId: "trafficOverview",
    tags: ["Traffic"],
    summary: "AI-agent traffic overview",
    description:
      "AI-agent sessions (an agent platform recognised): totals, platforms, outcomes, top entry pages, median duration, and sessions per hour or day by platform. Sessions count in the window when they started in [period_start, period_end). Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: SeriesReportQuery },
    responses: {
      200: { description: "AI-agent traffic overview", content: { "application/json": { schema: TrafficOverview } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_domain", "invalid_window", "site_not_found"] },
);

export function registerTrafficOverview(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const params = await reportInput(c.env.DB, c.get("auth").workspaceId, c.req.valid("query"));
    return c.json(await siteShard(c.env, params.site.id).overview(params), 200);
  });
}
