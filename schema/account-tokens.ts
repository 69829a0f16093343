import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** What an emailed account link does (docs/app.md "Email"). */
export const accountTokenPurposes = ["password_reset", "email_change"] as const;

// Links the application emails to an account: a password reset, or the confirmation of a
// new email address. Only the SHA-256 of the link's token is stored (as for sessions and
// invitations); a row answers once (`used_at`) and only until `expires_at`.
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: accountTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address being confirmed (email_change); null for a password reset. */
    newEmail: text("new_email"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  // A use deletes the user's other open links of the same purpose.
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);
