import { notificationsSent } from "@schema";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";

// At most once per key (schema/notifications.ts `notifications_sent`). The claim is an
// INSERT OR IGNORE on the primary key, so of two overlapping cron runs exactly one gets
// `true`; the one that sends gives the key back if sending fails, so the next run tries
// again instead of the notification being lost.

/** `<event key>|<recipient>`: one member or one monitor's endpoint. */
export function sentKey(eventKey: string, recipient: { userId: string } | { monitorId: string }): string {
  return "userId" in recipient ? `${eventKey}|user:${recipient.userId}` : `${eventKey}|monitor:${recipient.monitorId}`;
}

export async function claimSend(
  db: Database,
  key: string,
  workspaceId: string,
  kind: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .insert(notificationsSent)
    .values({ key, workspaceId, kind, sentAt: now })
    .onConflictDoNothing()
    .returning({ key: notificationsSent.key });
  return rows.length === 1;
}

export async function releaseSend(db: Database, key: string): Promise<void> {
  await db.delete(notificationsSent).where(eq(notificationsSent.key, key));
}
