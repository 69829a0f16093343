import { sites } from "@schema";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { sitesWithDomains } from "../sites/site-store";
import type { SiteDirectory } from "./resolve-site";

/** Looks up only the domains a batch names, plus whether the workspace has exactly one site. */
export async function loadSiteDirectory(
  db: Database,
  workspaceId: string,
  domains: ReadonlySet<string>,
): Promise<SiteDirectory> {
  const firstTwo = db.select({ id: sites.id }).from(sites).where(eq(sites.workspaceId, workspaceId)).limit(2);
  const named = db
    .select({ id: sites.id, domain: sites.domain })
    .from(sites)
    .where(sitesWithDomains(workspaceId, [...domains]));
  const [few, found] = await db.batch([firstTwo, named]);
  const byDomain = new Map(found.map((row) => [row.domain, row.id]));
  return { byDomain, onlySiteId: few.length === 1 ? few[0].id : null };
}
