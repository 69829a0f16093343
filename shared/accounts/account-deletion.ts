import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { revokeUserGrants } from "../oauth/user-grants";
import { ok, type Result } from "../result/result";
import type { AccountContext } from "./account-context";
import { type AccountDeletionPlan, planAccountDeletion } from "./removal-rules";
import { deleteAccount, listHoldings } from "./workspace-removal";

// Settings -> Account -> Delete (docs/app.md "Renaming and deleting"): what deleting the
// account would take with it or is blocked by, and the deletion itself.

/** The workspaces the deletion would delete, and what blocks it (removal-rules.ts). */
export async function accountDeletionPlan(
  ctx: AppContext,
  input: { userId: string },
): Promise<Result<AccountDeletionPlan, never>> {
  return ok(planAccountDeletion(await listHoldings(database(ctx.env.DB), input.userId)));
}

/**
 * Deletes the account and the workspaces of the plan, under the guards of `deleteAccount`
 * (false, nothing deleted, when a workspace lost its other owner meanwhile), then revokes
 * every OAuth grant the account gave (issue 41 #1).
 */
export async function deleteOwnAccount(
  ctx: AccountContext,
  input: { userId: string; workspaceIds: string[] },
): Promise<Result<boolean, never>> {
  if (!(await deleteAccount(database(ctx.env.DB), input.userId, input.workspaceIds))) return ok(false);
  await revokeUserGrants(ctx.grants, input.userId);
  return ok(true);
}
