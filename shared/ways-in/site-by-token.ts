import { database } from "../db/client";
import type { IngestSite } from "../ingest/pipeline-types";
import { findSiteByToken } from "../sites/site-store";

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { site: IngestSite | null; until: number }>();

/**
 * The site owning a public token, cached per isolate for 30 s (unknown tokens too, so
 * a flood of bad tokens costs one D1 read per token per 30 s).
 */
export async function siteByToken(db: D1Database, token: string, now = Date.now()): Promise<IngestSite | null> {
  const hit = cache.get(token);
  if (hit && hit.until > now) return hit.site;
  const row = await findSiteByToken(database(db), token);
  const site = row ? { id: row.id, workspaceId: row.workspaceId, domain: row.domain, coverage: row.coverage } : null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, { site, until: now + TTL_MS });
  return site;
}
