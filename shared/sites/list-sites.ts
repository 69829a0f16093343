import { sites } from "@schema";
import { and, count, eq } from "drizzle-orm";
import type { RequestContext } from "../context/request-context";
import { cursorKey } from "../cursor/keyset-cursor";
import { type CreatedPosition, newestFirst, newestFirstCursors, pageOf } from "../cursor/newest-first";
import { type Database, database } from "../db/client";
import { ok, type Result } from "../result/result";
import type { SiteRecord } from "./site-row";
import { siteColumns } from "./site-store";

/** Keyset position: the (created_at, id) of the last site on the previous page. */
export type SitePosition = CreatedPosition;

const keyset = newestFirst(sites);

export interface SitePage {
  sites: SiteRecord[];
  total: number;
  /** Position after the last row, or null when this page is the last. */
  next: SitePosition | null;
}

/**
 * Newest first by (created_at, id). Paging continues strictly below the previous
 * page's last (created_at, id), so rows inserted meanwhile (newer) never shift later
 * pages: no repeats, no drops. Page and total are read in one batch (one round trip).
 */
export async function listSites(
  db: Database,
  workspaceId: string,
  limit: number,
  after: SitePosition | null,
): Promise<SitePage> {
  const inWorkspace = eq(sites.workspaceId, workspaceId);
  const [rows, totals] = await db.batch([
    db
      .select(siteColumns)
      .from(sites)
      .where(and(inWorkspace, keyset.after(after)))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1),
    db.select({ n: count() }).from(sites).where(inWorkspace),
  ]);
  const { page, next } = pageOf(rows, limit);
  return { sites: page, total: totals[0]?.n ?? 0, next };
}

export interface WorkspaceSites {
  sites: SiteRecord[];
  total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** The workspace's sites, newest first, a page at a time (GET /api/v1/sites, the Sites page, the site switcher). */
export async function listWorkspaceSites(
  ctx: RequestContext,
  input: { limit: number; cursor?: string },
): Promise<Result<WorkspaceSites, "invalid_cursor">> {
  const cursors = newestFirstCursors(await cursorKey(ctx.env), { list: "sites", workspaceId: ctx.workspaceId });
  const after = await cursors.after(input.cursor);
  if (!after.ok) return after;
  const page = await listSites(database(ctx.env.DB), ctx.workspaceId, input.limit, after.value);
  return ok({ sites: page.sites, total: page.total, next_cursor: await cursors.next(page.next) });
}
