import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { users } from "./users";
import { workspaces } from "./workspaces";

// Shared links to one site's dashboard (docs/app.md "Shared links"): read-only, revocable,
// optionally behind a password. Only the SHA-256 of the link's token is stored (as for
// sessions and invitations), and only the scrypt hash of its password, so reading the
// table opens no dashboard. Deleting the site or the workspace deletes its links.
export const sharedLinks = sqliteTable(
  "shared_links",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** What the owner calls the link ("For the agency"). */
    name: text("name").notNull(),
    /** scrypt hash (shared/accounts/password-hash.ts), or null for a link without a password. */
    passwordHash: text("password_hash"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
    /** The last time the dashboard was opened through the link (at most once a minute). */
    lastViewedAt: integer("last_viewed_at"),
  },
  // The site's setup page lists its links.
  (t) => [index("shared_links_site_idx").on(t.siteId)],
);
