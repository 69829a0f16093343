import type { OpenAPIHono } from "@hono/zod-openapi";
import { AttributionOverview } from "@shared/attribution/attribution-schema";
import { valueOrThrow } from "@shared/errors/api-error";
import { attributionReport } from "@shared/reads/conversion-reads";
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
    return c.json(valueOrThrow(await attributionReport(c.get("ctx"), c.req.valid("query")), "query"), 200);
  });
}
