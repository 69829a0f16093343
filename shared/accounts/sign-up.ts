import type { AppContext, AppContextEnv } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { bootstrapStatus } from "./bootstrap-secret";
import { acceptInvite, findOpenInvite, type OpenInvite } from "./invite-repository";
import { hashPassword, type ScryptParams } from "./password-hash";
import { parseSignUpMode, type SignUpPath, signUpPath } from "./sign-up-policy";
import { anyUserExists, insertUser } from "./user-repository";
import { createOwnedWorkspace, listUserWorkspaces } from "./workspace-repository";

export type { OpenInvite };

// Creating an account (docs/app.md "Sign-up"). Who may sign up is decided here with
// `signUpPath` (sign-up-policy.ts) from the facts read here and the deployment's
// switches; the throttles and the password check of a taken address are the caller's
// (workers/app/routes/sign-up.tsx).

/** The deployment's sign-up switches (docs/app.md "Getting started", docs/deploy.md): read from the context, never from a request. */
export interface SignUpEnv extends AppContextEnv {
  /** `open`: anyone may sign up with a workspace of their own; anything else: by invitation. */
  SIGNUP_MODE?: string;
  /** `1` in a local run: the first owner needs no bootstrap secret. */
  LOCAL_OWNER_SIGNUP?: string;
  /** The Worker secret that admits a deployment's first owner (at least 32 characters). */
  BOOTSTRAP_SECRET?: string;
}

/** A local run (`LOCAL_OWNER_SIGNUP=1`): the first owner signs up without the bootstrap secret. The one reading of the switch. */
export function isLocalOwnerSignUp(env: Pick<SignUpEnv, "LOCAL_OWNER_SIGNUP">): boolean {
  return env.LOCAL_OWNER_SIGNUP === "1";
}

export interface SignUpFacts {
  firstOwner: boolean;
  invite: OpenInvite | null;
  /** SIGNUP_MODE=open: the form asks for a workspace of one's own. */
  open: boolean;
  /** The first owner of a deployment (not a local run) must type the bootstrap secret. */
  askBootstrap: boolean;
}

/** What the sign-up form depends on: whether this is the first account, the invitation named, and the switches. */
export async function signUpFacts(
  ctx: AppContext<SignUpEnv>,
  input: { inviteToken: string },
): Promise<Result<SignUpFacts, never>> {
  const db = database(ctx.env.DB);
  const firstOwner = !(await anyUserExists(db));
  const invite = input.inviteToken ? await findOpenInvite(db, input.inviteToken, ctx.nowMs) : null;
  const open = parseSignUpMode(ctx.env.SIGNUP_MODE) === "open";
  return ok({ firstOwner, invite, open, askBootstrap: firstOwner && !isLocalOwnerSignUp(ctx.env) });
}

/**
 * The way this sign-up may take, or why it is refused (sign-up-policy.ts `signUpPath`):
 * from the form's facts (`signUpFacts`), whether it sent an invitation token, the
 * bootstrap secret it sent, and the deployment's switches.
 */
export async function signUpWay(
  ctx: AppContext<SignUpEnv>,
  input: { facts: SignUpFacts; inviteSent: boolean; bootstrapSecret: string | undefined },
): Promise<Result<SignUpPath, never>> {
  const { facts } = input;
  return ok(
    signUpPath({
      anyUserExists: !facts.firstOwner,
      local: isLocalOwnerSignUp(ctx.env),
      mode: parseSignUpMode(ctx.env.SIGNUP_MODE),
      invite: !input.inviteSent ? "none" : facts.invite ? "valid" : "invalid",
      bootstrap: await bootstrapStatus(ctx.env.BOOTSTRAP_SECRET, input.bootstrapSecret),
    }),
  );
}

/**
 * What creating an account is given: the app's context, and optionally the scrypt cost
 * of the new password hash. The app's sign-up leaves it unset (the isolate's cost in
 * force, production's: password-hash.ts); a test that signs up a throwaway account only
 * to own a workspace (test/helpers/seed.ts) names a lower one. It is the caller's code
 * that sets it, never a request: no form or API field reaches it.
 */
export interface CreateAccountContext extends AppContext {
  passwordHashParams?: ScryptParams;
}

/**
 * A new account, joining the invitation's workspace or owning a new one; null when the
 * address already has an account (nothing is created then).
 */
export async function createAccount(
  ctx: CreateAccountContext,
  input: {
    email: string;
    password: string;
    join: { invite: OpenInvite } | { workspaceName: string; timeZone?: string };
  },
): Promise<Result<{ userId: string; workspaceId: string } | null, never>> {
  const db = database(ctx.env.DB);
  const user = await insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password, ctx.passwordHashParams),
  });
  if (!user) return ok(null);
  if ("invite" in input.join) {
    await acceptInvite(db, input.join.invite, user.id, ctx.nowMs);
    return ok({ userId: user.id, workspaceId: input.join.invite.workspaceId });
  }
  const { workspaceName: name, timeZone } = input.join;
  const created = await createOwnedWorkspace(db, { name, userId: user.id, timeZone }, ctx.nowMs);
  return ok({ userId: user.id, workspaceId: created.id });
}

/**
 * Sign-up with a taken address and its right password is a sign-in: the invitation, if
 * any, is accepted, and the session lands in its workspace or the user's first one.
 */
export async function signUpAsExisting(
  ctx: AppContext,
  input: { userId: string; invite: OpenInvite | null },
): Promise<Result<{ workspaceId: string | null }, never>> {
  const db = database(ctx.env.DB);
  if (input.invite) await acceptInvite(db, input.invite, input.userId, ctx.nowMs);
  const workspaces = await listUserWorkspaces(db, input.userId);
  return ok({ workspaceId: input.invite?.workspaceId ?? workspaces[0]?.id ?? null });
}
