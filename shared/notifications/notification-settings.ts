import { memberships, workspaces } from "@schema";
import { and, eq } from "drizzle-orm";
import type { AppContext, AppContextEnv } from "../context/app-context";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import {
  type AlertSettings,
  type Preferences,
  readAlertSettings,
  readPreferences,
  saveAlertSettings,
  savePreferences,
} from "./notification-store";
import { type UnsubscribeSubject, unsubscribeKeyOf, verifyUnsubscribe } from "./unsubscribe-token";

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

/** An unsubscribe link's context: the app's, with the key the links are signed with (UNSUBSCRIBE_KEY). */
export type UnsubscribeContext = AppContext<AppContextEnv & { UNSUBSCRIBE_KEY?: string }>;

/** What a verified unsubscribe link names, with the workspace's name while its member still belongs to it (else null). */
export interface UnsubscribeLink {
  subject: UnsubscribeSubject;
  workspace: { name: string } | null;
}

/** Longer tokens are not links this service made: refused before any HMAC. */
const TOKEN_MAX_LENGTH = 512;

/**
 * The unsubscribe link of `token`: its signature checked with the context's key
 * (unsubscribe-token.ts), refused `invalid_request` when it was changed, cut short or
 * signed with another key, or when no key is set (no mail was signed here then).
 */
export async function unsubscribeLink(
  ctx: UnsubscribeContext,
  input: { token: string },
): Promise<Result<UnsubscribeLink, "invalid_request">> {
  const key = unsubscribeKeyOf(ctx.env);
  const subject = key && input.token.length <= TOKEN_MAX_LENGTH ? await verifyUnsubscribe(key, input.token) : null;
  if (!subject) return refusal("invalid_request", "This unsubscribe link is not valid.");
  const { workspaceId, userId } = subject;
  const row = await database(ctx.env.DB)
    .select({ name: workspaces.name })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return ok({ subject, workspace: row ?? null });
}

/**
 * Turns the link's kind of mail off for its member (`unsubscribeLink`'s answer, its
 * workspace null and nothing written when the member no longer belongs to it).
 */
export async function unsubscribe(
  ctx: UnsubscribeContext,
  input: { token: string },
): Promise<Result<UnsubscribeLink, "invalid_request">> {
  const link = await unsubscribeLink(ctx, input);
  if (!link.ok || !link.value.workspace) return link;
  const { workspaceId, userId, kind } = link.value.subject;
  await savePreferences(database(ctx.env.DB), workspaceId, userId, { [kind]: false }, ctx.nowMs);
  return link;
}
