import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { DrainFormat } from "../vocabulary/drain-formats";
import type { DrainView } from "./drain-schema";
import { createDrain, type DrainRow, drainOfWorkspace, listDrains, revokeDrain, siteInWorkspace } from "./drain-store";
import { drainSetup, drainView } from "./drain-view";

// A site's log drains as use cases (docs/ingest.md "Log drains"): create, list, get and
// revoke in the context's workspace, each answered as the drain's view with its
// endpoint on the context's base URL. The v1 drain routes, their MCP tools and the
// Log drains page call these.

/** A new drain for one of the workspace's sites, with its secret and the vendor settings, shown once. */
export async function addDrain(
  ctx: RequestContext,
  input: { siteId: string; format: DrainFormat; vercelVerify: string | null },
): Promise<Result<DrainView & { secret: string; setup: Record<string, string> }, "limit_reached" | "site_not_found">> {
  const created = await createDrain(
    database(ctx.env.DB),
    ctx.env,
    { workspaceId: ctx.workspaceId, ...input },
    ctx.nowMs,
  );
  if (!created.ok) return created;
  const { drain, secret } = created.value;
  return ok({ ...drainView(drain, ctx.baseUrl), secret, setup: drainSetup(drain, ctx.baseUrl, secret) });
}

/** A site's drains, newest first (revoked ones included, marked). */
export async function siteDrains(
  ctx: RequestContext,
  input: { siteId: string },
): Promise<Result<{ drains: DrainView[] }, "site_not_found">> {
  const db = database(ctx.env.DB);
  if (!(await siteInWorkspace(db, ctx.workspaceId, input.siteId)))
    return refusal("site_not_found", "No site with that id in this workspace");
  const rows = await listDrains(db, ctx.workspaceId, input.siteId);
  return ok({ drains: rows.map((d) => drainView(d, ctx.baseUrl)) });
}

/** One drain of the workspace. */
export async function getDrain(
  ctx: RequestContext,
  input: { drainId: string },
): Promise<Result<{ drain: DrainRow; view: DrainView }, "drain_not_found">> {
  const drain = await drainOfWorkspace(database(ctx.env.DB), ctx.workspaceId, input.drainId);
  return drain ? ok({ drain, view: drainView(drain, ctx.baseUrl) }) : refusal("drain_not_found");
}

/** Revokes a drain of the workspace: its endpoint refuses every later batch. Idempotent. */
export async function removeDrain(
  ctx: RequestContext,
  input: { drainId: string },
): Promise<Result<DrainView, "drain_not_found">> {
  const revoked = await revokeDrain(database(ctx.env.DB), ctx.workspaceId, input.drainId, ctx.nowMs);
  return revoked.ok ? ok(drainView(revoked.value, ctx.baseUrl)) : revoked;
}
