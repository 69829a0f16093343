import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * A workspace's watch on one domain: rescanned daily, `score.changed` POSTed to
 * `webhook_url` when the overall score moves (docs/decisions.md#9-monitors-and-webhooks).
 */
export const monitors = sqliteTable(
  "monitors",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    /** Normalised host (docs/decisions.md#4-domains). */
    domain: text("domain").notNull(),
    webhookUrl: text("webhook_url").notNull(),
    /**
     * The `whsec_` signing secret, sealed with AES-GCM (shared/webhooks/secret-box.ts).
     * Sealed, not hashed: every delivery is signed with it, so it must be recoverable.
     */
    secretSealed: text("secret_sealed").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Overall score this monitor last saw; null until its first scan sets the baseline. */
    lastScore: integer("last_score"),
    /**
     * The baseline: the overall score of the monitor's first scan (queued when it is
     * created, docs/webhooks.md "Baseline"), when it was recorded and which stored scan
     * gave it. Every later scan's change from the score before it sends score.changed.
     * Null until that scan has run (and for monitors created before these columns).
     */
    baselineScore: integer("baseline_score"),
    baselineAt: integer("baseline_at"),
    baselineScanId: text("baseline_scan_id"),
    /** Scheduled time of the rescan that last claimed this monitor's domain. */
    lastRescanAt: integer("last_rescan_at"),
    /** When a rescan last recorded `last_score` (daily or asked for); null before the first. */
    lastScoredAt: integer("last_scored_at"),
    /** The stored scan that gave `last_score` (GET /api/scan/{id}); null before the first. */
    lastScanId: text("last_scan_id"),
  },
  (t) => [
    // Idempotent creation: one monitor per (domain, webhook_url) per workspace, enforced
    // by the database so concurrent POSTs of the same pair create one row.
    uniqueIndex("monitors_workspace_domain_url_uq").on(t.workspaceId, t.domain, t.webhookUrl),
    // Keyset paging of GET /monitors, newest first, within a workspace.
    index("monitors_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // The rescan cron groups by domain and the rescan consumer loads every monitor of
    // one domain across workspaces.
    index("monitors_domain_idx").on(t.domain, t.lastRescanAt),
  ],
);
