import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const sites = sqliteTable(
  "sites",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    /** Normalised host (docs/decisions.md#4-domains). */
    domain: text("domain").notNull(),
    name: text("name").notNull(),
    /** Embedded in the snippet; identifies the site to ingest, grants nothing else. */
    publicToken: text("public_token").notNull().unique(),
    /** `all_traffic` | `ai_and_tagged` (docs/decisions.md#5-traffic-reports). */
    coverage: text("coverage").notNull().default("all_traffic"),
    coverageChangedAt: integer("coverage_changed_at"),
    createdAt: integer("created_at").notNull(),
    snippetInstalledAt: integer("snippet_installed_at"),
    lastEventAt: integer("last_event_at"),
    /**
     * No longer written or read: it held the newest event of the verified agent tier, before
     * `last_verified_event_at` became the install heartbeat (lastAcceptAt below). Kept so
     * every migration only adds and the previous deployment keeps working during an upgrade
     * (docs/deploy.md "Upgrades"); drop it in a later migration.
     */
    lastVerifiedTierEventAt: integer("last_verified_event_at"),
    /**
     * The install heartbeat (docs/decisions.md#6-install-check): newest beacon accepted after
     * the public token and the registered Origin were verified; reported as `last_verified_event_at`.
     */
    lastAcceptAt: integer("last_accept_at"),
    lastRejectAt: integer("last_reject_at"),
    lastRejectReason: text("last_reject_reason"),
    lastRejectOrigin: text("last_reject_origin"),
  },
  (t) => [
    // Idempotent registration: one site per normalised domain per workspace, enforced
    // by the database so concurrent POSTs cannot create two.
    uniqueIndex("sites_workspace_domain_uq").on(t.workspaceId, t.domain),
    // Keyset paging of GET /sites, newest first: (created_at, id) within a workspace.
    index("sites_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
  ],
);
