import type { OpenAPIHono } from "@hono/zod-openapi";
import { VerificationBreakdown } from "@shared/reports/report-schemas";
import { siteShard } from "@shared/shards/site-shard";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { reportInput } from "./report-input";
import { ReportQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/traffic/verification",
    operationId: "trafficVerification",
    tags: ["Traffic"],
    summary: "Verification tiers of AI-agent sessions",
    description:
      "AI-agent sessions by verification tier (verified, declared, heuristic), per platform. Sessions count in the window when they started in [period_start, period_end). Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: ReportQuery },
    responses: {
      200: {
        description: "Verification tiers of AI-agent sessions",
        content: { "application/json": { schema: VerificationBreakdown } },
      },
    },
  },
  { scope: "traffic:read", limit: "reads", errors: ["invalid_domain", "invalid_window", "site_not_found"] },
);

export function registerVerification(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const params = await reportInput(c.env.DB, c.get("auth").workspaceId, c.req.valid("query"));
    return c.json(await siteShard(c.env, params.site.id).verification(params), 200);
  });
}
