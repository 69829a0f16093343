import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { RequestContext } from "../context/request-context";
import { ok, type Result, refusal } from "../result/result";
import { type ConnectedApp, connectedApps } from "./user-grants";

// Settings -> Connected apps (docs/mcp.md "OAuth"): the apps a member connected to the
// context's workspace through /app/oauth/authorize, and revoking one, which ends the
// grant with its access and refresh tokens at once (the app's next call gets 401).

/**
 * A workspace page's context with the OAuth grants (the library's helpers over OAUTH_KV),
 * for the use cases a grant follows: Connected apps, and a seat that ends
 * (shared/accounts/member-seats.ts). Built by the app per request
 * (workers/app/account-context.ts `grantsContext`).
 */
export interface GrantsContext extends RequestContext {
  grants: OAuthHelpers;
}

/** The apps `userId` connected to the context's workspace, newest first. */
export async function workspaceConnectedApps(
  ctx: GrantsContext,
  input: { userId: string },
): Promise<Result<ConnectedApp[], never>> {
  return ok(await connectedApps(ctx.grants, input.userId, ctx.workspaceId));
}

/** One of them by its grant id; `not_found` for any other grant (another workspace's, another person's). */
export async function connectedApp(
  ctx: GrantsContext,
  input: { userId: string; grantId: string },
): Promise<Result<ConnectedApp, "not_found">> {
  const apps = await connectedApps(ctx.grants, input.userId, ctx.workspaceId);
  const app = apps.find((a) => a.grantId === input.grantId);
  return app ? ok(app) : refusal("not_found", "None of your connected apps in this workspace has that id.");
}

/** Revokes that app's grant with its tokens; the app revoked, or `not_found` as `connectedApp`. */
export async function revokeConnectedApp(
  ctx: GrantsContext,
  input: { userId: string; grantId: string },
): Promise<Result<ConnectedApp, "not_found">> {
  const app = await connectedApp(ctx, input);
  if (!app.ok) return app;
  await ctx.grants.revokeGrant(app.value.grantId, input.userId);
  return app;
}
