import { conversions } from "@schema";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { ok, type Result } from "../result/result";

/**
 * Voids (soft-deletes) a conversion of the workspace. The row stays, so re-posting the
 * id still de-duplicates; an unknown, foreign or already voided id changes nothing
 * (contract: DELETE answers 204 either way and cannot be used to probe ids). Never
 * refused; `voided` says whether this call voided a live conversion (the app's notice).
 */
export async function voidConversion(
  db: Database,
  workspaceId: string,
  externalId: string,
  nowMs: number,
): Promise<Result<{ voided: boolean }, never>> {
  const rows = await db
    .update(conversions)
    .set({ voidedAt: nowMs })
    .where(
      and(
        eq(conversions.workspaceId, workspaceId),
        eq(conversions.externalId, externalId),
        isNull(conversions.voidedAt),
      ),
    )
    .returning({ id: conversions.externalId });
  return ok({ voided: rows.length > 0 });
}
