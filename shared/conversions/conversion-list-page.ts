import { invalidCursor } from "../cursor/keyset-cursor";
import { keysetPager } from "../cursor/keyset-pager";
import type { Database } from "../db/client";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import type { ConversionList } from "./conversion-schema";
import { listConversions } from "./list-conversions";

export interface ConversionListRequest {
  workspaceId: string;
  domain?: string;
  includeVoided: boolean;
  limit: number;
  cursor?: string;
}

// Cursors of this list are bound to its name and the workspace (shared/cursor); the
// position is the last row's seq.
const LIST = "conversions";
const POSITION = ["integer"] as const;
/** Position past the end: seqs start at 1, so nothing lies before 0. */
const END_OF_LIST = 0;

/**
 * One page of GET /conversions, shared by the route and any other caller: reads the
 * cursor (refused `invalid_cursor`), resolves `domain` (`invalid_domain` /
 * `site_not_found`), reads the page and signs the next position.
 */
export async function conversionListPage(
  db: Database,
  cursorKey: CryptoKey,
  req: ConversionListRequest,
): Promise<Result<ConversionList, "invalid_cursor" | "invalid_domain" | "site_not_found">> {
  const pager = keysetPager(cursorKey, { list: LIST, workspaceId: req.workspaceId }, POSITION);
  const position = req.cursor === undefined ? undefined : await pager.read(req.cursor);
  if (position === null) return invalidCursor();
  const found = req.domain === undefined ? undefined : await siteByDomain(db.$client, req.workspaceId, req.domain);
  if (found && !found.ok) return found;
  const page = await listConversions(db, {
    workspaceId: req.workspaceId,
    siteId: found?.value.id,
    includeVoided: req.includeVoided,
    beforeSeq: position?.[0],
    limit: req.limit,
  });
  // contract: next_cursor is a string; after the last page it points past the end, so
  // following it yields an empty page rather than repeating one.
  const next = page.lastSeq ?? END_OF_LIST;
  return ok({ results: page.results, next_cursor: await pager.write([next]), has_more: page.hasMore });
}
