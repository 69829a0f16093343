import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_KINDS } from "../shared/vocabulary/notification-kinds";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * One member's choice for one kind of notification in one workspace (docs/app.md
 * "Notifications"). No row means off: every kind is opt-in. Rows go with the
 * membership's workspace or user (cascade).
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    /** When `enabled` last changed (saving the same choice again leaves it): since when the kind is on or off. */
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.kind] }),
    // The notification cron starts from the workspaces where someone opted in.
    index("notification_preferences_kind_idx").on(t.kind, t.enabled, t.workspaceId),
  ],
);

/**
 * The workspace's alert settings, shared by its members: the score threshold (one per
 * workspace, applied to every monitored domain, docs/decisions.md "Notifications") and
 * whether alerts are also POSTed to the workspace's monitor webhooks. No row: threshold
 * 50, webhooks off.
 */
export const workspaceAlertSettings = sqliteTable("workspace_alert_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  scoreThreshold: integer("score_threshold").notNull(),
  alertWebhooks: integer("alert_webhooks", { mode: "boolean" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * What was sent, one row per idempotency key (`<kind>:<subject>:<recipient>`, see
 * shared/notifications/sent-log.ts). The cron claims the key with an INSERT OR IGNORE
 * before sending, so a repeated or overlapping run never sends the same report or alert
 * twice; a failed send gives its claim back.
 */
export const notificationsSent = sqliteTable(
  "notifications_sent",
  {
    key: text("key").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [index("notifications_sent_workspace_idx").on(t.workspaceId, t.sentAt)],
);
