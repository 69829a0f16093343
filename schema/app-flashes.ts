import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { appSessions } from "./app-sessions";

// One-time messages of the application's Post/Redirect/Get (docs/app.md "After a form"):
// a POST stores what its result page must say (a new API key, a webhook secret, a
// notice) and redirects to a GET naming the flash's random token; the GET shows it once
// and deletes it, so a reload repeats no action and shows no secret again. The token
// never reaches this table: `id` is its SHA-256 and the payload is sealed with a key
// derived from it (shared/accounts/session-flash.ts), so the rows alone reveal nothing.
export const appFlashes = sqliteTable(
  "app_flashes",
  {
    /** Hex SHA-256 of the token in the redirect URL. */
    id: text("id").primaryKey(),
    /** Only the session that made it can read it. */
    sessionId: text("session_id")
      .notNull()
      .references(() => appSessions.id, { onDelete: "cascade" }),
    /** `<base64 iv>.<base64 AES-GCM ciphertext>` of the JSON payload. */
    sealed: text("sealed").notNull(),
    /** Unread flashes are worthless after a few minutes; writes sweep the expired ones. */
    expiresAt: integer("expires_at").notNull(),
  },
  // The sweep on every write: `DELETE ... WHERE expires_at < now`.
  (t) => [index("app_flashes_expires_idx").on(t.expiresAt)],
);
