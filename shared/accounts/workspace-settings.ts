import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import type { WorkspaceHoldings } from "./removal-rules";
import { deleteWorkspace, listHoldings, renameWorkspace } from "./workspace-removal";

// Settings -> Workspace (docs/app.md "Renaming and deleting"), for the context's
// workspace only: what it holds (whether it may be deleted), its name, its deletion.
// The time zone: workspace-time-zone.ts `setWorkspaceTimeZone`.

/** What the context's workspace holds for its member (removal-rules.ts); null when they do not belong to it. */
export async function workspaceHoldings(
  ctx: RequestContext,
  input: { userId: string },
): Promise<Result<WorkspaceHoldings | null, never>> {
  const all = await listHoldings(database(ctx.env.DB), input.userId);
  return ok(all.find((w) => w.id === ctx.workspaceId) ?? null);
}

/** Renames the workspace; false when another workspace already has the name. */
export async function renameCurrentWorkspace(
  ctx: RequestContext,
  input: { name: string },
): Promise<Result<boolean, never>> {
  return ok(await renameWorkspace(database(ctx.env.DB), ctx.workspaceId, input.name));
}

/** Deletes the workspace; false when it got a site or monitor meanwhile (nothing deleted). */
export async function deleteCurrentWorkspace(
  ctx: RequestContext,
  _input: Record<string, never>,
): Promise<Result<boolean, never>> {
  return ok(await deleteWorkspace(database(ctx.env.DB), ctx.workspaceId));
}
