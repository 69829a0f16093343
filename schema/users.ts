import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// People who sign in to the application at /app (docs/app.md). API keys never belong
// to a user: they belong to a workspace (contract "Authentication" 2).
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  // Trimmed and lower-cased (shared/accounts/email.ts); unique so sign-in is one lookup.
  email: text("email").notNull().unique(),
  // `scrypt$N$r$p$salt$hash` (shared/accounts/password-hash.ts): the parameters travel
  // with the hash so the cost can be raised without invalidating old hashes.
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at").notNull(),
});
