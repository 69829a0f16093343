import type { OpenAPIHono } from "@hono/zod-openapi";
import { attributionOverview } from "@shared/attribution/attribution-overview";
import { AttributionOverview } from "@shared/attribution/attribution-schema";
import { database } from "@shared/db/client";
import { valueOrThrow } from "@shared/errors/api-error";
import { answerCoverage } from "@shared/reads/site-coverage";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { AttributionOverviewQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/attribution/overview",
    operationId: "attributionOverview",
    tags: ["Attribution"],
    summary: "Attribution of recorded conversions",
    description:
      "Counts and per-currency values of non-voided conversions whose `occurred_at` falls in the period, by platform, basis and source, as decided when each conversion was recorded. With `domain`, `data_coverage` says what the site's recorded sessions (the attribution's evidence) leave out.",
    request: { query: AttributionOverviewQuery },
    responses: {
      200: {
        description: "The attribution overview",
        content: { "application/json": { schema: AttributionOverview } },
      },
    },
  },
  { scope: "conversions:read", limit: "reads", errors: ["invalid_domain", "site_not_found"], conditional: true },
);

export function registerAttributionOverview(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { domain, period } = c.req.valid("query");
    const { workspaceId } = c.get("auth");
    const report = valueOrThrow(
      await attributionOverview(database(c.env.DB), { workspaceId, domain, period, nowMs: Date.now() }),
    );
    return c.json({ ...report, data_coverage: await answerCoverage(c.env, workspaceId, report.site_id) }, 200);
  });
}
