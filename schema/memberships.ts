import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Roles in a workspace, strongest first (docs/app.md "Roles"). */
export const workspaceRoles = ["owner", "admin", "member"] as const;

// Who belongs to which workspace, and with what role.
export const memberships = sqliteTable(
  "memberships",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    // The workspace switcher lists a user's workspaces on every page.
    index("memberships_user_idx").on(t.userId),
  ],
);
