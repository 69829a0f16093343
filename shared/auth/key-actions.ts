import { apiKeys } from "@schema";
import { and, eq, isNull } from "drizzle-orm";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import { parseStoredScopes, type Scope } from "../vocabulary/scopes";
import { type CreatedKey, createWorkspaceKey, type KeyListItem, keyListColumns } from "./key-repository";

// Creating and revoking a workspace's API keys (contract "Keys": in the application,
// Settings -> API keys), as use cases: the rules live here, the page translates. The
// workspace is the context's, so a request cannot name another's; the creator is its member.

export const KEY_NAME_MAX_LENGTH = 100;

/** A new key of the workspace, shown once by the caller; refused `invalid_request` without a name or a scope. */
export async function createApiKey(
  ctx: RequestContext,
  input: { name: string; scopes: Scope[] },
): Promise<Result<CreatedKey, "invalid_request">> {
  const name = input.name.trim();
  if (!name) return refusal("invalid_request", "Give the key a name.", { field: "name" });
  if (name.length > KEY_NAME_MAX_LENGTH) {
    return refusal("invalid_request", `Use at most ${KEY_NAME_MAX_LENGTH} characters for the name.`, { field: "name" });
  }
  if (input.scopes.length === 0) return refusal("invalid_request", "Tick at least one scope.", { field: "scopes" });
  const createdBy = ctx.actor.kind === "member" ? ctx.actor.userId : undefined;
  const key = { workspaceId: ctx.workspaceId, scopes: input.scopes, name, createdBy };
  return ok(await createWorkspaceKey(database(ctx.env.DB), key, ctx.nowMs));
}

/** Revokes a live key of this workspace only (requests with it get 401 from then on); `not_found` otherwise. */
export async function revokeApiKey(
  ctx: RequestContext,
  input: { keyId: string },
): Promise<Result<KeyListItem, "not_found">> {
  const [row] = await database(ctx.env.DB)
    .update(apiKeys)
    .set({ revokedAt: ctx.nowMs })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.workspaceId, ctx.workspaceId), isNull(apiKeys.revokedAt)))
    .returning(keyListColumns);
  return row
    ? ok({ ...row, scopes: parseStoredScopes(row.scopes) })
    : refusal("not_found", "No live key with that id in this workspace.");
}
