import { sites } from "@schema";
import type { Database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import { siteShard } from "../shards/site-shard";
import type { SiteRecord } from "./site-row";
import { type SiteRef, siteColumns, siteWhere } from "./site-store";

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
  db: Database,
  env: { ANALYTICS_SHARD: DurableObjectNamespace },
  workspaceId: string,
  ref: SiteRef,
): Promise<Result<SiteRecord, "site_not_found">> {
  const [row] = await db.delete(sites).where(siteWhere(workspaceId, ref)).returning(siteColumns);
  if (!row) return refusal("site_not_found");
  await siteShard(env, row.id).erase(row.id);
  return ok(row);
}
