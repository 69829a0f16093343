import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

// One-time WebAuthn challenges (WebAuthn §13.4.3: random, used once, short-lived). The
// browser gets the id with the options and sends it back with the signed answer; the row
// is deleted when it is used.
export const passkeyChallenges = sqliteTable("passkey_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  /** `register` (a signed-in user adds a passkey) or `sign_in`. */
  purpose: text("purpose", { enum: ["register", "sign_in"] }).notNull(),
  /** The registering user; null for sign-in, where the passkey names its user. */
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
});
