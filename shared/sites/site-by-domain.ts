import { database } from "../db/client";
import { normalizeDomain } from "../domains/normalize-domain";
import { ok, type Result, refusal } from "../result/result";
import type { SiteRecord } from "./site-row";
import { findSite } from "./site-store";

/**
 * The caller's site for a `domain` a request names, or the refusal `invalid_domain` when
 * malformed / `site_not_found` when not registered in this workspace. A site of another
 * workspace answers exactly the same (docs/decisions.md#2-v1-errors): the lookup is
 * keyed by the caller's workspace (./site-store.ts).
 */
export async function siteByDomain(
  db: D1Database,
  workspaceId: string,
  rawDomain: string,
): Promise<Result<SiteRecord, "invalid_domain" | "site_not_found">> {
  const normalized = normalizeDomain(rawDomain);
  if (!normalized.ok) return refusal("invalid_domain", normalized.message);
  const domain = normalized.domain;
  const site = await findSite(database(db), workspaceId, { domain });
  return site ? ok(site) : refusal("site_not_found", `No site ${domain} in this workspace`);
}
