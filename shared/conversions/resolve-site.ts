/** The workspace's sites that a batch can resolve to (loaded once per request). */
export interface SiteDirectory {
  /** Normalised domain → site id, for every domain the batch names. */
  byDomain: ReadonlyMap<string, string>;
  /** The workspace's site id when it holds exactly one site, else null. */
  onlySiteId: string | null;
}

export type SiteResolution = { ok: true; siteId: string | null } | { ok: false };

/**
 * docs/decisions.md#7-conversions-and-attribution: an explicit `site` must be registered (else the item is rejected);
 * without it, the site whose domain is the landing URL's host; else the workspace's
 * only site; else none (counted in workspace-wide reports only).
 */
export function resolveSite(
  conversion: { siteDomain: string | null; landingDomain: string | null },
  directory: SiteDirectory,
): SiteResolution {
  if (conversion.siteDomain !== null) {
    const siteId = directory.byDomain.get(conversion.siteDomain);
    return siteId ? { ok: true, siteId } : { ok: false };
  }
  if (conversion.landingDomain !== null) {
    const siteId = directory.byDomain.get(conversion.landingDomain);
    if (siteId) return { ok: true, siteId };
  }
  return { ok: true, siteId: directory.onlySiteId };
}
