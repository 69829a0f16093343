import { memberships, notificationPreferences, users, workspaceAlertSettings } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "../vocabulary/notification-kinds";

// Reads and writes of the notification settings (schema/notifications.ts).

export type Preferences = Record<NotificationKind, boolean>;

export interface AlertSettings {
  /** A monitored domain's score dropping below this is an alert (0-100). */
  scoreThreshold: number;
  /** Alerts also go to the workspace's monitor webhooks (docs/webhooks.md "Alert events"). */
  alertWebhooks: boolean;
}

/** No settings saved: a score under 50 is the scanner's "needs work" half; webhooks stay off. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = { scoreThreshold: 50, alertWebhooks: false };

const allOff = (): Preferences => Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, false])) as Preferences;

export async function readPreferences(db: Database, workspaceId: string, userId: string): Promise<Preferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.workspaceId, workspaceId), eq(notificationPreferences.userId, userId)))
    .all();
  const prefs = allOff();
  for (const r of rows) prefs[r.kind] = r.enabled;
  return prefs;
}

/**
 * Sets the given kinds on or off for one member (the others keep their value). A row's
 * `updated_at` moves only when its choice changes, so it says since when the kind has
 * been on or off: the weekly report's first week starts from when it was turned on
 * (weekly-report.ts `reportWeek`), however often the form is saved since.
 */
export async function savePreferences(
  db: Database,
  workspaceId: string,
  userId: string,
  changes: Partial<Preferences>,
  now: number,
): Promise<void> {
  const rows = Object.entries(changes).map(([kind, enabled]) => ({
    workspaceId,
    userId,
    kind: kind as NotificationKind,
    enabled: Boolean(enabled),
    updatedAt: now,
  }));
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.workspaceId, notificationPreferences.userId, notificationPreferences.kind],
      set: {
        enabled: sql`excluded.enabled`,
        updatedAt: sql`CASE WHEN ${notificationPreferences.enabled} = excluded.enabled THEN ${notificationPreferences.updatedAt} ELSE excluded.updated_at END`,
      },
    });
}

export async function readAlertSettings(db: Database, workspaceId: string): Promise<AlertSettings> {
  const row = await db
    .select({
      scoreThreshold: workspaceAlertSettings.scoreThreshold,
      alertWebhooks: workspaceAlertSettings.alertWebhooks,
    })
    .from(workspaceAlertSettings)
    .where(eq(workspaceAlertSettings.workspaceId, workspaceId))
    .get();
  return row ?? DEFAULT_ALERT_SETTINGS;
}

export async function saveAlertSettings(
  db: Database,
  workspaceId: string,
  settings: AlertSettings,
  now: number,
): Promise<void> {
  await db
    .insert(workspaceAlertSettings)
    .values({ workspaceId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: workspaceAlertSettings.workspaceId, set: { ...settings, updatedAt: now } });
}

/** A member who turned at least one kind on, with the kinds. */
export interface Recipient {
  userId: string;
  email: string;
  kinds: Set<NotificationKind>;
  /** Since when the weekly report has been on for this member; null when it is off. */
  weeklySince: number | null;
}

/**
 * The members of `workspaceId` with something turned on. Joined through memberships, so
 * a person removed from the workspace is told nothing more even if their rows remain.
 */
export async function recipientsOf(db: Database, workspaceId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      kind: notificationPreferences.kind,
      since: notificationPreferences.updatedAt,
    })
    .from(notificationPreferences)
    .innerJoin(
      memberships,
      and(
        eq(memberships.workspaceId, notificationPreferences.workspaceId),
        eq(memberships.userId, notificationPreferences.userId),
      ),
    )
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(and(eq(notificationPreferences.workspaceId, workspaceId), eq(notificationPreferences.enabled, true)))
    .all();
  const byUser = new Map<string, Recipient>();
  for (const r of rows) {
    const recipient: Recipient = byUser.get(r.userId) ?? {
      userId: r.userId,
      email: r.email,
      kinds: new Set(),
      weeklySince: null,
    };
    recipient.kinds.add(r.kind);
    if (r.kind === "weekly_report") recipient.weeklySince = r.since;
    byUser.set(r.userId, recipient);
  }
  return [...byUser.values()];
}

/** Workspaces where a member turned something on or alert webhooks are on: the cron's work list. */
export async function workspacesToNotify(db: Database): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    SELECT workspace_id AS id FROM ${notificationPreferences} WHERE enabled = 1
    UNION SELECT workspace_id AS id FROM ${workspaceAlertSettings} WHERE alert_webhooks = 1`);
  return rows.map((r) => r.id);
}
