import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Mail the service sent, kept for reading in local runs only (the LOCAL_MAILBOX switch,
// page /app/__mailbox, docs/app.md "Email"). A deployment never writes or reads it: the
// switch is off there, and mail goes out through Cloudflare Email Service alone.
export const localMailbox = sqliteTable("local_mailbox", {
  id: text("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  sentAt: integer("sent_at").notNull(),
  /** Extra headers sent (List-Unsubscribe...), as JSON; null when none. */
  headers: text("headers"),
});
