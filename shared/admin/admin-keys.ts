import { createKey, listWorkspaceKeys, revokeKey, workspaceIdByName } from "../auth/key-repository";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { Scope } from "../vocabulary/scopes";
import type { AdminContext } from "./admin-context";

// API keys minted from this machine (`npm run admin`): a workspace named on the command
// line is created on first use; keys are shown once and stored hashed (key-repository.ts).

/** A new key in the named workspace (created when new); the secret is in the value, once. */
export async function createAdminKey(
  ctx: AdminContext,
  input: { workspace: string; scopes: Scope[]; name?: string },
): Promise<Result<Awaited<ReturnType<typeof createKey>>, never>> {
  return ok(
    await createKey(
      database(ctx.env.DB),
      { workspaceName: input.workspace, scopes: input.scopes, name: input.name },
      ctx.nowMs,
    ),
  );
}

export interface AdminKeyList {
  workspaceId: string;
  keys: Awaited<ReturnType<typeof listWorkspaceKeys>>;
}

/** The live keys (no secrets) of the named workspace; `not_found` when no workspace has that name. */
export async function listAdminKeys(
  ctx: AdminContext,
  input: { workspace: string },
): Promise<Result<AdminKeyList, "not_found">> {
  const db = database(ctx.env.DB);
  const workspaceId = await workspaceIdByName(db, input.workspace);
  if (workspaceId === null) return refusal("not_found", `No workspace named ${input.workspace}`);
  return ok({ workspaceId, keys: await listWorkspaceKeys(db, workspaceId) });
}

/** Revokes a live key of any workspace; `not_found` when it is unknown or already revoked. */
export async function revokeAdminKey(
  ctx: AdminContext,
  input: { keyId: string },
): Promise<Result<{ keyId: string }, "not_found">> {
  const revoked = await revokeKey(database(ctx.env.DB), input.keyId, ctx.nowMs);
  return revoked ? ok({ keyId: input.keyId }) : refusal("not_found", `No live key ${input.keyId}`);
}
