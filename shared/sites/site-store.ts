import { sites } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { normalizeDomain } from "../domains/normalize-domain";
import type { SiteRecord } from "./site-row";

// The reads of the `sites` table by its keys, in one place: a site of the workspace by
// id or by domain, many by domain at once, and a site by its public token. Every lookup
// but the token's is keyed by the caller's workspace, so another workspace's site is
// found exactly as often as a missing one: never. The public token is the credential
// of the ingest endpoints, which have no workspace to start from.

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

/**
 * The drizzle condition selecting the workspace's sites whose domain is in `domains`.
 * The domains are bound as one JSON array read with `json_each`: one statement for any
 * number of domains, where a placeholder per domain would hit D1's 100 bound values.
 */
export function sitesWithDomains(workspaceId: string, domains: readonly string[]) {
  return and(
    eq(sites.workspaceId, workspaceId),
    sql`${sites.domain} IN (SELECT value FROM json_each(${JSON.stringify(domains)}))`,
  );
}

/** The workspace's sites among `domains`, by domain; a domain it does not have is absent. */
export async function findSitesByDomains(
  db: Database,
  workspaceId: string,
  domains: readonly string[],
): Promise<Map<string, SiteRecord>> {
  if (domains.length === 0) return new Map();
  const rows = await db.select(siteColumns).from(sites).where(sitesWithDomains(workspaceId, domains));
  return new Map(rows.map((row) => [row.domain, row]));
}

/** The site owning a public token (any workspace), or null. */
export async function findSiteByToken(db: Database, publicToken: string): Promise<SiteRecord | null> {
  const [row] = await db.select(siteColumns).from(sites).where(eq(sites.publicToken, publicToken)).limit(1);
  return row ?? null;
}
