import { sites } from "@schema";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { normalizeDomain } from "../domains/normalize-domain";
import type { SiteRecord } from "./site-row";

// The reads of the `sites` table by its keys, in one place: a site of the workspace by
// id or by domain. Every lookup is keyed by the caller's workspace, so another
// workspace's site is found exactly as often as a missing one: never.

/** The columns of a SiteRecord, for drizzle selects. */
export const siteColumns = {
  id: sites.id,
  workspaceId: sites.workspaceId,
  domain: sites.domain,
  name: sites.name,
  publicToken: sites.publicToken,
  coverage: sites.coverage,
  coverageChangedAt: sites.coverageChangedAt,
  createdAt: sites.createdAt,
  snippetInstalledAt: sites.snippetInstalledAt,
  lastEventAt: sites.lastEventAt,
};

/** How a caller names a site: its id, or its registered (normalised) domain. */
export type SiteRef = { id: string } | { domain: string };

const SITE_ID = /^site_[0-9A-Za-z]+$/;

/**
 * A path segment as a SiteRef: `site_…` is an id, anything else a domain (normalised;
 * a malformed one names no site). Ids never contain a dot and domains always do, so
 * the two never collide.
 */
export function siteRefFrom(segment: string): SiteRef | null {
  if (SITE_ID.test(segment)) return { id: segment };
  const normalized = normalizeDomain(segment);
  return normalized.ok ? { domain: normalized.domain } : null;
}

/** The drizzle condition selecting `ref` inside the workspace. */
export function siteWhere(workspaceId: string, ref: SiteRef) {
  return and(eq(sites.workspaceId, workspaceId), "id" in ref ? eq(sites.id, ref.id) : eq(sites.domain, ref.domain));
}

/** The workspace's site named by `ref`, or null. */
export async function findSite(db: Database, workspaceId: string, ref: SiteRef): Promise<SiteRecord | null> {
  const [row] = await db.select(siteColumns).from(sites).where(siteWhere(workspaceId, ref)).limit(1);
  return row ?? null;
}
