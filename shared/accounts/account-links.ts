import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { findAccountToken, issueAccountToken, useAccountToken } from "./account-token-repository";
import { changeEmail, findUserByEmail } from "./user-repository";

// The links the app mails about an account (docs/app.md "Password reset", "Email change"):
// issued here, looked at when opened, used once. Each token is random and stored hashed
// (account-token-repository.ts); the reset itself is `resetPassword` (account-recovery.ts).

/** A reset link for the account of `email`, or null when no account has that address. */
export async function issuePasswordResetLink(
  ctx: AppContext,
  input: { email: string },
): Promise<Result<{ email: string; token: string } | null, never>> {
  const db = database(ctx.env.DB);
  const user = await findUserByEmail(db, input.email);
  if (!user) return ok(null);
  const { token } = await issueAccountToken(db, { userId: user.id, purpose: "password_reset" }, ctx.nowMs);
  return ok({ email: user.email, token });
}

/** Whether a reset link still works (not used, not expired, not mistyped). */
export async function passwordResetLinkWorks(
  ctx: AppContext,
  input: { token: string },
): Promise<Result<boolean, never>> {
  return ok((await findAccountToken(database(ctx.env.DB), input.token, "password_reset", ctx.nowMs)) !== null);
}

/** A confirmation link for moving the account to `newEmail`, mailed to that address. */
export async function issueEmailChangeLink(
  ctx: AppContext,
  input: { userId: string; newEmail: string },
): Promise<Result<{ token: string }, never>> {
  const { token } = await issueAccountToken(
    database(ctx.env.DB),
    { userId: input.userId, purpose: "email_change", newEmail: input.newEmail },
    ctx.nowMs,
  );
  return ok({ token });
}

/** The address an open email-change link would move to; null when the link does not work. */
export async function emailChangeLinkAddress(
  ctx: AppContext,
  input: { token: string },
): Promise<Result<string | null, never>> {
  const open = await findAccountToken(database(ctx.env.DB), input.token, "email_change", ctx.nowMs);
  return ok(open?.newEmail ?? null);
}

/**
 * Uses an email-change link: `changed`, `invalid` (used, expired, mistyped) or `taken`
 * (the address now belongs to another account; the link is spent and nothing changed).
 */
export async function confirmEmailChange(
  ctx: AppContext,
  input: { token: string },
): Promise<Result<"changed" | "invalid" | "taken", never>> {
  const db = database(ctx.env.DB);
  const used = await useAccountToken(db, input.token, "email_change", ctx.nowMs);
  if (!used?.newEmail) return ok("invalid");
  return ok((await changeEmail(db, used.userId, used.newEmail)) ? "changed" : "taken");
}
