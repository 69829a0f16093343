import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import type { RecordConversionsResult } from "./conversion-schema";
import { recordConversions } from "./record-conversions";
import { voidConversion } from "./void-conversion";

// The writes of recorded orders on the request context (docs/conversions.md): POST
// /api/v1/conversions, DELETE /conversions/{external_id}, their MCP tools and the
// Conversions page's Void call these.

/** Records 1 to 100 orders, each judged alone (accepted, duplicate or rejected). */
export async function recordOrders(
  ctx: RequestContext,
  input: { conversions: readonly unknown[] },
): Promise<Result<RecordConversionsResult, never>> {
  return ok(await recordConversions(database(ctx.env.DB), ctx.workspaceId, input.conversions, ctx.nowMs));
}

/** Voids a recorded order by its external id; succeeds whether or not it existed. */
export function voidOrder(
  ctx: RequestContext,
  input: { externalId: string },
): Promise<Result<{ voided: boolean }, never>> {
  return voidConversion(database(ctx.env.DB), ctx.workspaceId, input.externalId, ctx.nowMs);
}
