import { decodeCursor, encodeCursor } from "../cursor/keyset-cursor";
import type { Database } from "../db/client";
import { ApiError } from "../errors/api-error";
import { findReportSite } from "../reports/report-site";
import type { ConversionList } from "./conversion-schema";
import { listConversions } from "./list-conversions";

export interface ConversionListRequest {
  workspaceId: string;
  domain?: string;
  includeVoided: boolean;
  limit: number;
  cursor?: string;
}

// Cursors of this list are bound to its name and the workspace (shared/cursor).
const LIST = "conversions";
/** Position past the end: seqs start at 1, so nothing lies before 0. */
const END_OF_LIST = 0;

function seqOf(position: (string | number)[]): number {
  const [seq] = position;
  if (position.length !== 1 || typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 0) {
    throw new ApiError("invalid_cursor", "The cursor is invalid: pass next_cursor from the previous page unchanged");
  }
  return seq;
}

/**
 * One page of GET /conversions, shared by the route and any other caller: decodes the
 * cursor (400 `invalid_cursor`), resolves `domain` (400 `invalid_domain` / 404
 * `site_not_found`), reads the page and signs the next position.
 */
export async function conversionListPage(
  db: Database,
  cursorKey: CryptoKey,
  req: ConversionListRequest,
): Promise<ConversionList> {
  const binding = { list: LIST, workspaceId: req.workspaceId };
  const beforeSeq = req.cursor === undefined ? undefined : seqOf(await decodeCursor(cursorKey, binding, req.cursor));
  const site = req.domain === undefined ? undefined : await findReportSite(db.$client, req.workspaceId, req.domain);
  const page = await listConversions(db, {
    workspaceId: req.workspaceId,
    siteId: site?.id,
    includeVoided: req.includeVoided,
    beforeSeq,
    limit: req.limit,
  });
  // contract: next_cursor is a string; after the last page it points past the end, so
  // following it yields an empty page rather than repeating one.
  const next = page.lastSeq ?? END_OF_LIST;
  return { results: page.results, next_cursor: await encodeCursor(cursorKey, binding, [next]), has_more: page.hasMore };
}
