import type { OpenAPIHono } from "@hono/zod-openapi";
import { CONVERSION_CSV } from "@shared/conversions/conversion-csv";
import { ConversionList } from "@shared/conversions/conversion-schema";
import { toCsv } from "@shared/encoding/csv";
import { valueOrThrow } from "@shared/errors/api-error";
import { listConversionsPage } from "@shared/reads/conversion-reads";
import { coverageHeader, coverageHeaderDoc } from "@shared/reports/coverage-header";
import type { V1AppEnv } from "../../app-env";
import { csvAnswer, csvContent, wantsCsv } from "../traffic/csv-answer";
import { v1Route } from "../v1-route";
import { ListConversionsQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/conversions",
    operationId: "listConversions",
    tags: ["Conversions"],
    summary: "List conversions",
    description:
      "Newest first by the time recorded. The cursor is a position in recording order, so conversions recorded while paging are neither skipped nor repeated (they appear on a fresh first page). Voided conversions are left out unless `include_voided=true`.",
    request: { query: ListConversionsQuery },
    responses: {
      200: {
        description:
          "A page of conversions. As CSV (Accept: text/csv) the page's rows, with the paging in headers X-Next-Cursor and X-Has-More, and with `domain` the site's coverage kind in X-Data-Coverage.",
        headers: { "X-Data-Coverage": { ...coverageHeaderDoc["X-Data-Coverage"], required: false } },
        content: { "application/json": { schema: ConversionList }, ...csvContent("the page's `results`") },
      },
    },
  },
  { scope: "conversions:read", limit: "reads", errors: ["invalid_domain", "site_not_found", "invalid_cursor"] },
);

export function registerListConversions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const input = {
      domain: query.domain,
      includeVoided: query.include_voided,
      limit: query.limit,
      cursor: query.cursor,
    };
    const { data_coverage, ...listed } = valueOrThrow(await listConversionsPage(c.get("ctx"), input), "query");
    if (wantsCsv(c))
      return csvAnswer(c, "conversions", toCsv(CONVERSION_CSV, listed.results), {
        "X-Next-Cursor": listed.next_cursor,
        "X-Has-More": String(listed.has_more),
        ...(data_coverage ? coverageHeader(data_coverage) : {}),
      }) as never;
    return c.json({ ...listed, data_coverage }, 200, { Vary: "Accept" });
  });
}
