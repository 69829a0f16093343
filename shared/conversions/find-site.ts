import { and, eq } from "drizzle-orm";
import { sites } from "../../schema";
import type { Database } from "../db/client";
import { domainOrThrow } from "../domains/domain-or-throw";
import { ApiError } from "../errors/api-error";

/**
 * The caller's site for a `domain` query parameter: 400 `invalid_domain` when malformed,
 * 404 `site_not_found` when not registered in this workspace (a site of another
 * workspace answers exactly the same, decisions §2).
 */
export async function findSiteOrThrow(
  db: Database,
  workspaceId: string,
  rawDomain: string,
): Promise<{ id: string; domain: string }> {
  const domain = domainOrThrow(rawDomain);
  const [site] = await db
    .select({ id: sites.id, domain: sites.domain })
    .from(sites)
    .where(and(eq(sites.workspaceId, workspaceId), eq(sites.domain, domain)))
    .limit(1);
  if (!site) throw new ApiError("site_not_found", `No site ${domain} in this workspace`);
  return site;
}
