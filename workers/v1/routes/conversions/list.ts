import type { OpenAPIHono } from "@hono/zod-openapi";
import { findSiteOrThrow } from "../../../../shared/conversions/find-site";
import { listConversions } from "../../../../shared/conversions/list-conversions";
import { cursorKey, decodeCursor, encodeCursor } from "../../../../shared/cursor/keyset-cursor";
import { database } from "../../../../shared/db/client";
import { ApiError } from "../../../../shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { v1Route } from "../v1-route";
import { ConversionListResponse, ListConversionsQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/conversions",
    operationId: "listConversions",
    tags: ["Conversions"],
    summary: "List conversions",
    description:
      "Newest first by the time recorded. The cursor is a position in recording order, so conversions recorded while paging are neither skipped nor repeated (they appear on a fresh first page). Voided conversions are left out unless `include_voided=true`. Rate limit: 120/min and 20,000/day per key (reads).",
    request: { query: ListConversionsQuery },
    responses: {
      200: {
        description: "A page of conversions",
        content: { "application/json": { schema: ConversionListResponse } },
      },
    },
  },
  { scope: "conversions:read", limit: "reads", errors: ["invalid_domain", "site_not_found", "invalid_cursor"] },
);

/** The first page starts above every stored seq; position 0 is "past the end" (seqs start at 1). */
const END_OF_LIST = 0;

function seqOf(position: (string | number)[]): number {
  const [seq] = position;
  if (position.length !== 1 || typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 0) {
    throw new ApiError("invalid_cursor", "The cursor is invalid: pass next_cursor from the previous page unchanged");
  }
  return seq;
}

export function registerListConversions(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const workspaceId = c.get("auth").workspaceId;
    const binding = { list: "conversions", workspaceId };
    const key = await cursorKey(c.env);
    const beforeSeq = query.cursor === undefined ? undefined : seqOf(await decodeCursor(key, binding, query.cursor));
    const db = database(c.env.DB);
    const site = query.domain === undefined ? undefined : await findSiteOrThrow(db, workspaceId, query.domain);
    const page = await listConversions(db, {
      workspaceId,
      siteId: site?.id,
      includeVoided: query.include_voided,
      beforeSeq,
      limit: query.limit,
    });
    // contract: next_cursor is a string; at the end it points past the last row, so
    // following it yields an empty page rather than repeating one.
    const next = page.lastSeq ?? END_OF_LIST;
    return c.json(
      { results: page.results, next_cursor: await encodeCursor(key, binding, [next]), has_more: page.hasMore },
      200,
    );
  });
}
