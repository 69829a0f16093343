import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ok, type Result } from "../result/result";
import { type CursorBinding, invalidCursor } from "./keyset-cursor";
import { keysetPager } from "./keyset-pager";

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

const CREATED_POSITION = ["integer", "string"] as const;

/**
 * The cursor side of a newest-first list: `after` reads a cursor into the position to
 * continue after (null without a cursor) or the `invalid_cursor` refusal; `next` signs
 * the next page's position (null on the last page). `binding` ties the cursors to the
 * list and the workspace.
 */
export function newestFirstCursors(key: CryptoKey, binding: CursorBinding) {
  const pager = keysetPager(key, binding, CREATED_POSITION);
  return {
    async after(cursor: string | undefined): Promise<Result<CreatedPosition | null, "invalid_cursor">> {
      if (cursor === undefined) return ok(null);
      const position = await pager.read(cursor);
      return position === null ? invalidCursor() : ok({ createdAt: position[0], id: position[1] });
    },
    next: async (position: CreatedPosition | null): Promise<string | null> =>
      position ? pager.write([position.createdAt, position.id]) : null,
  };
}
