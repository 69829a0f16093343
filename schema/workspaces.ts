import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Times are Unix epoch milliseconds (integers) throughout: cheap to compare and index.
export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  // Unique so `admin create-key --workspace NAME` reuses a workspace (docs/decisions.md#1-running-it).
  name: text("name").notNull().unique(),
  createdAt: integer("created_at").notNull(),
  // IANA zone of the app's day boundaries and times (docs/app.md "Time zone"); checked by
  // shared/time/time-zone.ts `parseTimeZone` before it is stored.
  timeZone: text("time_zone").notNull().default("UTC"),
});
