import type { OpenAPIHono } from "@hono/zod-openapi";
import { TrafficSources } from "@shared/reports/report-schemas";
import { siteShard } from "@shared/shards/site-shard";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { reportInput } from "./report-input";
import { SeriesReportQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/sources",
    operationId: "trafficSources",
    tags: ["Traffic"],
    summary: "Acquisition sources",
    description:
      "Every recorded session (agents and humans) by acquisition source, with sessions per hour or day by source; read coverage first. Sessions count in the window when they started in [period_start, period_end). Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: SeriesReportQuery },
    responses: {
      200: { description: "Acquisition sources", content: { "application/json": { schema: TrafficSources } } },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_domain", "invalid_window", "site_not_found"] },
);

export function registerTrafficSources(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const params = await reportInput(c.env.DB, c.get("auth").workspaceId, c.req.valid("query"));
    return c.json(await siteShard(c.env, params.site.id).sources(params), 200);
  });
}
