import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { workspaces } from "./workspaces";

/**
 * A site's agent policy (docs/policy.md): its rules as one JSON document, validated by
 * `SitePolicyInput` on every write (shared/policy/policy-schema.ts), and the version the
 * collectors and the managed robots.txt quote. One row per site, written whole: the
 * rules are read and changed together, never queried by field. A site without a row has
 * the neutral policy (nothing enforced) at version 0.
 */
export const sitePolicies = sqliteTable("site_policies", {
  // A site's policy goes with it (shared/site-deletion/delete-site.ts).
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id")
    .notNull()
    .references(() => workspaces.id),
  /** 1 at the first save, one more at each: a write names the version it replaces. */
  version: integer("version").notNull(),
  /** The rules (`PolicyRules`) as JSON. */
  rules: text("rules").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** Who saved it: `member:<user id>` from the app, `api_key:<key id>` through the API or MCP. */
  updatedBy: text("updated_by").notNull(),
});
