import { sites } from "@schema";
import { sql } from "drizzle-orm";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { Coverage } from "./site-limits";
import type { SiteRecord } from "./site-row";
import { siteColumns, siteRefFrom, siteWhere } from "./site-store";

export interface SiteChanges {
  /** The display name (already trimmed and bounded by the caller's schema). */
  name?: string;
  coverage?: Coverage;
}

/**
 * Renames a site and/or sets its coverage (docs/decisions.md#5-traffic-reports), in one
 * statement. coverage_changed_at moves only when the value actually changes (SQLite
 * evaluates SET against the old row), so it keeps meaning "since when the numbers
 * describe this coverage". The domain never changes: it is what the snippet's Origin
 * is checked against and what reports are asked by.
 */
export async function updateSite(
  ctx: RequestContext,
  input: { site: string; changes: SiteChanges },
): Promise<Result<SiteRecord, "site_not_found" | "invalid_request">> {
  const { changes } = input;
  const now = ctx.nowMs;
  if (changes.name === undefined && changes.coverage === undefined) {
    return refusal("invalid_request", "Give a new name or coverage");
  }
  if (changes.name !== undefined && changes.name.trim() === "") {
    return refusal("invalid_request", "A site's name cannot be empty");
  }
  // `site` is an id or a domain; another workspace's answers exactly like a missing one.
  const ref = siteRefFrom(input.site);
  if (!ref) return refusal("site_not_found");
  const coverage = changes.coverage;
  const [row] = await database(ctx.env.DB)
    .update(sites)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name.trim() }),
      ...(coverage === undefined
        ? {}
        : {
            coverageChangedAt: sql`CASE WHEN ${sites.coverage} <> ${coverage} THEN ${now} ELSE ${sites.coverageChangedAt} END`,
            coverage,
          }),
    })
    .where(siteWhere(ctx.workspaceId, ref))
    .returning(siteColumns);
  return row ? ok(row) : refusal("site_not_found");
}
