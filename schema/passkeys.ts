import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

// WebAuthn credentials (passkeys), the second way into the application (docs/app.md
// "Passkeys"). Only public keys are stored; the private key never leaves the authenticator.
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id (base64url), as the authenticator reports it on every sign-in. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** Signature counter (WebAuthn §6.1.1); a counter that goes backwards signals a clone. */
    counter: integer("counter").notNull(),
    /** JSON array of transports (`internal`, `usb`, `hybrid`, ...), a hint for the browser. */
    transports: text("transports").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  // Settings lists a user's passkeys.
  (t) => [index("passkeys_user_idx").on(t.userId)],
);
