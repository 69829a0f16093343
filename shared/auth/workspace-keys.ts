import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { findWorkspaceKey, type KeyListItem, listWorkspaceKeys } from "./key-repository";

export type { KeyListItem };

// Settings -> API keys, the reads: the workspace's live keys, and one of them (the
// revoke confirmation). The workspace is the context's: another's key id finds nothing.

export async function workspaceKeys(
  ctx: RequestContext,
  _input: Record<string, never>,
): Promise<Result<KeyListItem[], never>> {
  return ok(await listWorkspaceKeys(database(ctx.env.DB), ctx.workspaceId));
}

export async function workspaceKey(
  ctx: RequestContext,
  input: { keyId: string },
): Promise<Result<KeyListItem | null, never>> {
  return ok(await findWorkspaceKey(database(ctx.env.DB), ctx.workspaceId, input.keyId));
}
