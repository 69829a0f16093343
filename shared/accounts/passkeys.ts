import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import {
  type ChallengePurpose,
  deletePasskey,
  findPasskey,
  insertPasskey,
  listUserPasskeys,
  type PasskeyRecord,
  recordPasskeyUse,
  saveChallenge,
  takeChallenge,
} from "./passkey-repository";
import { listUserWorkspaces } from "./workspace-repository";

export type { PasskeyRecord };

// Passkeys (docs/app.md "Passkeys"): the stored side of the WebAuthn ceremonies, which
// the app runs with @simplewebauthn/server (workers/app/routes/passkeys.ts). A challenge
// lives 5 minutes and is taken once; a passkey belongs to one user.

/** The user's passkeys, oldest first (Settings; the registration's exclude list). */
export async function userPasskeys(
  ctx: AppContext,
  input: { userId: string },
): Promise<Result<PasskeyRecord[], never>> {
  return ok(await listUserPasskeys(database(ctx.env.DB), input.userId));
}

/** Stores a ceremony's challenge (bound to the user when registering); returns its id for the page. */
export async function openPasskeyChallenge(
  ctx: AppContext,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null },
): Promise<Result<string, never>> {
  return ok(await saveChallenge(database(ctx.env.DB), input, ctx.nowMs));
}

/** The challenge of `id`, deleted as it is read; null when unknown, expired, or another purpose or user's. */
export async function takePasskeyChallenge(
  ctx: AppContext,
  input: { id: string; purpose: ChallengePurpose; userId: string | null },
): Promise<Result<string | null, never>> {
  return ok(await takeChallenge(database(ctx.env.DB), input, ctx.nowMs));
}

/** Registers a verified passkey; false when that credential is already registered. */
export async function addPasskey(
  ctx: AppContext,
  input: { id: string; userId: string; publicKey: string; counter: number; transports: string[] },
): Promise<Result<boolean, never>> {
  return ok(await insertPasskey(database(ctx.env.DB), input, ctx.nowMs));
}

/** The passkey a sign-in response names, or null. */
export async function passkeyById(
  ctx: AppContext,
  input: { id: string },
): Promise<Result<PasskeyRecord | null, never>> {
  return ok(await findPasskey(database(ctx.env.DB), input.id));
}

/** After a verified passkey sign-in: its counter and last use, and the workspace the session opens (the first). */
export async function afterPasskeySignIn(
  ctx: AppContext,
  input: { passkey: PasskeyRecord; counter: number },
): Promise<Result<{ workspaceId: string | null }, never>> {
  const db = database(ctx.env.DB);
  await recordPasskeyUse(db, input.passkey.id, input.counter, ctx.nowMs);
  const [first] = await listUserWorkspaces(db, input.passkey.userId);
  return ok({ workspaceId: first?.id ?? null });
}

/** Removes one of the user's own passkeys (the sessions it started end with it); false when not theirs. */
export async function removePasskey(
  ctx: AppContext,
  input: { userId: string; passkeyId: string },
): Promise<Result<boolean, never>> {
  return ok(await deletePasskey(database(ctx.env.DB), input.userId, input.passkeyId));
}
