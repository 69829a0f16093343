import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaceRoles } from "./memberships";
import { users } from "./users";
import { workspaces } from "./workspaces";

// Invitation links to a workspace (the service sends no email; the link is copied).
// Single use and time-limited; only the SHA-256 of the link's token is stored.
export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    role: text("role", { enum: workspaceRoles }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
  },
  // Members page lists a workspace's open invitations.
  (t) => [index("invites_workspace_idx").on(t.workspaceId)],
);
