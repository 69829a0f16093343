import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { passkeys } from "./passkeys";
import { users } from "./users";
import { workspaces } from "./workspaces";

// Signed-in browser sessions of the application. The cookie holds a random token;
// only its SHA-256 is stored, so a leaked table opens no session.
export const appSessions = sqliteTable(
  "app_sessions",
  {
    /** Hex SHA-256 of the cookie's token. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace the session is looking at (switch workspace); null until chosen. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    /**
     * The passkey this session signed in with, null for a password sign-in. Removing the
     * passkey ends the sessions it opened (issue 25 #2): a stolen session that planted a
     * passkey and signed in with it again is gone once the owner removes that passkey.
     */
    startedByPasskey: text("started_by_passkey").references(() => passkeys.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    /** Absolute end of the session; never extended. */
    expiresAt: integer("expires_at").notNull(),
  },
  // "Sign out everywhere" deletes every session of one user.
  (t) => [index("app_sessions_user_idx").on(t.userId)],
);
