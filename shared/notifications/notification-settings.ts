import { memberships, workspaces } from "@schema";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context/app-context";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import {
  type AlertSettings,
  type Preferences,
  readAlertSettings,
  readPreferences,
  saveAlertSettings,
  savePreferences,
} from "./notification-store";
import type { UnsubscribeSubject } from "./unsubscribe-token";

// Settings -> Notifications and the mails' unsubscribe link (docs/app.md "Notifications"),
// as use cases: a member's kinds of mail in the context's workspace, the workspace's
// alert settings (admins), and turning one kind off from a signed link.

/** The member's kinds of mail in the context's workspace and the workspace's alert settings. */
export async function notificationSettings(
  ctx: RequestContext,
  input: { userId: string },
): Promise<Result<{ prefs: Preferences; settings: AlertSettings }, never>> {
  const db = database(ctx.env.DB);
  const [prefs, settings] = await Promise.all([
    readPreferences(db, ctx.workspaceId, input.userId),
    readAlertSettings(db, ctx.workspaceId),
  ]);
  return ok({ prefs, settings });
}

/** Saves the member's kinds of mail and, when given (an admin's form), the workspace's alert settings. */
export async function saveNotificationSettings(
  ctx: RequestContext,
  input: { userId: string; prefs: Preferences; alerts: AlertSettings | null },
): Promise<Result<void, never>> {
  const db = database(ctx.env.DB);
  if (input.alerts) await saveAlertSettings(db, ctx.workspaceId, input.alerts, ctx.nowMs);
  await savePreferences(db, ctx.workspaceId, input.userId, input.prefs, ctx.nowMs);
  return ok(undefined);
}

/** The workspace an unsubscribe link is about, while its member still belongs to it; null otherwise. */
export async function unsubscribeWorkspace(
  ctx: AppContext,
  input: { subject: UnsubscribeSubject },
): Promise<Result<{ name: string } | null, never>> {
  const { workspaceId, userId } = input.subject;
  const row = await database(ctx.env.DB)
    .select({ name: workspaces.name })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return ok(row ?? null);
}

/**
 * Turns the link's kind of mail off for its member; the workspace's name, or null (and
 * nothing written) when the member no longer belongs to it.
 */
export async function unsubscribe(
  ctx: AppContext,
  input: { subject: UnsubscribeSubject },
): Promise<Result<{ name: string } | null, never>> {
  const found = await unsubscribeWorkspace(ctx, input);
  if (!found.ok) return found;
  const ws = found.value;
  const { workspaceId, userId, kind } = input.subject;
  if (ws) await savePreferences(database(ctx.env.DB), workspaceId, userId, { [kind]: false }, ctx.nowMs);
  return ok(ws);
}
