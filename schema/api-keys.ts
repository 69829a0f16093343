import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    // Label given in Settings -> API keys; null for keys made by `npm run admin` before names.
    name: text("name"),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    // Only the SHA-256 of the secret is stored; the key itself is shown once.
    keyHash: text("key_hash").notNull().unique(),
    // First characters of the key, safe to display so a user can tell keys apart.
    displayPrefix: text("display_prefix").notNull(),
    // JSON array of scope strings.
    scopes: text("scopes").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
    // The application user who created the key (null for `npm run admin`).
    createdBy: text("created_by"),
  },
  // Listing a workspace's keys in the admin tooling.
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId)],
);
