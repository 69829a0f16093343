import { z } from "@hono/zod-openapi";
import { MAX_CURSOR_LENGTH } from "@shared/cursor/keyset-cursor";

/** The `cursor` query parameter of a keyset-paged v1 list: a previous page's `next_cursor`, bounded. */
export function cursorQuery(description = "next_cursor of the previous page, unchanged.") {
  return z.string().min(1).max(MAX_CURSOR_LENGTH).optional().openapi({ description });
}
