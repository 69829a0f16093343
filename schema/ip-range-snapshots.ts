import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The newest successfully refreshed copy of one vendor's published IP ranges (one row
 * per list id of shared/classify/ip-range-sources.ts). Absent rows fall back to the
 * bundled snapshot. A failed refresh never replaces a good row.
 */
export const ipRangeSnapshots = sqliteTable("ip_range_snapshots", {
  listId: text("list_id").primaryKey(),
  /** JSON array of CIDR strings. */
  prefixes: text("prefixes").notNull(),
  /** The vendor's `creationTime`, when given. */
  vendorCreatedAt: text("vendor_created_at"),
  fetchedAt: integer("fetched_at").notNull(),
});
