import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { setSessionWorkspace } from "./session-repository";
import { createOwnedWorkspace, type WorkspaceMembership } from "./workspace-repository";

/**
 * A new workspace owned by the signed-in person (the workspace switcher's "New
 * workspace"), which the session then opens. A taken name gets a short suffix
 * (workspace-repository.ts `createOwnedWorkspace`).
 */
export async function createWorkspaceForSession(
  ctx: AppContext,
  input: { name: string; userId: string; sessionId: string; timeZone?: string },
): Promise<Result<WorkspaceMembership, never>> {
  const db = database(ctx.env.DB);
  const created = await createOwnedWorkspace(db, input, ctx.nowMs);
  await setSessionWorkspace(db, input.sessionId, created.id);
  return ok(created);
}
