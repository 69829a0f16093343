import { sites } from "@schema";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import { siteShard } from "../shards/site-shard";
import type { SiteRecord } from "../sites/site-row";
import { siteColumns, siteRefFrom, siteWhere } from "../sites/site-store";

/**
 * Deletes a site of the workspace and erases its traffic (docs/api.md "Deleting a
 * site"). The row goes first: from then on its public token is unknown to ingest (new
 * beacons are refused), reports answer `site_not_found` and the capacity is free. Then
 * the site's analytics shard erases its events, sessions, aggregates and R2 archive.
 * Scans and monitors belong to the domain, not the site, and stay; recorded
 * conversions stay too (they are the shop's orders) and keep counting workspace-wide.
 * Registering the domain again creates a new, empty site.
 */
export async function deleteSite(
  ctx: RequestContext,
  input: { site: string },
): Promise<Result<SiteRecord, "site_not_found">> {
  // `site` is an id or a domain; another workspace's answers exactly like a missing one.
  const ref = siteRefFrom(input.site);
  if (!ref) return refusal("site_not_found");
  const [row] = await database(ctx.env.DB).delete(sites).where(siteWhere(ctx.workspaceId, ref)).returning(siteColumns);
  if (!row) return refusal("site_not_found");
  await siteShard(ctx.env, row.id).erase(row.id);
  return ok(row);
}
