import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Keyset position of a list newest first: (created_at, id) of the previous page's last row. */
export type CreatedPosition = { createdAt: number; id: string };

/**
 * The keyset of the control-plane lists (sites, monitors, deliveries): newest first by
 * (created_at, id), each later page strictly below the previous page's last row, so
 * rows inserted meanwhile (newer) never shift later pages: no repeats, no drops.
 */
export function newestFirst(columns: { createdAt: SQLiteColumn; id: SQLiteColumn }) {
  const { createdAt, id } = columns;
  return {
    /** The condition for the rows after `after`; undefined (no condition) on the first page. */
    after(after: CreatedPosition | null): SQL | undefined {
      if (!after) return undefined;
      return or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id)));
    },
    orderBy: [desc(createdAt), desc(id)] as const,
  };
}

/** The page of `limit` rows out of `limit + 1` read, and the position to continue from (null on the last page). */
export function pageOf<R extends CreatedPosition>(
  rows: R[],
  limit: number,
): { page: R[]; next: CreatedPosition | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
