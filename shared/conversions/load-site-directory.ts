import { sites } from "@schema";
import { and, eq, inArray } from "drizzle-orm";
import { chunk } from "../batching/chunk";
import type { Database } from "../db/client";
import { D1_IN_LIST_CHUNK } from "../db/d1-limits";
import type { SiteDirectory } from "./resolve-site";

/** Looks up only the domains a batch names, plus whether the workspace has exactly one site. */
export async function loadSiteDirectory(
  db: Database,
  workspaceId: string,
  domains: ReadonlySet<string>,
): Promise<SiteDirectory> {
  const firstTwo = db.select({ id: sites.id }).from(sites).where(eq(sites.workspaceId, workspaceId)).limit(2);
  const lookups = chunk([...domains], D1_IN_LIST_CHUNK).map((part) =>
    db
      .select({ id: sites.id, domain: sites.domain })
      .from(sites)
      .where(and(eq(sites.workspaceId, workspaceId), inArray(sites.domain, part))),
  );
  const [few, ...found] = await db.batch([firstTwo, ...lookups]);
  const byDomain = new Map<string, string>();
  for (const rows of found) for (const row of rows) byDomain.set(row.domain, row.id);
  return { byDomain, onlySiteId: few.length === 1 ? few[0].id : null };
}
