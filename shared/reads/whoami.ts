import { workspaceName } from "../auth/key-repository";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import type { Scope } from "../vocabulary/scopes";

export interface Whoami {
  workspace_id: string;
  workspace_name: string;
  key_id: string;
  scopes: Scope[];
}

/** Who the caller is (GET /api/v1/whoami, the MCP tool `whoami`): its key, scopes and workspace. */
export async function whoami(ctx: RequestContext): Promise<Result<Whoami, "unauthorized">> {
  if (ctx.actor.kind !== "api_key") return { ok: false, code: "unauthorized" };
  const name = await workspaceName(database(ctx.env.DB), ctx.workspaceId);
  return ok({
    workspace_id: ctx.workspaceId,
    workspace_name: name ?? "",
    key_id: ctx.actor.keyId,
    scopes: ctx.actor.scopes,
  });
}
