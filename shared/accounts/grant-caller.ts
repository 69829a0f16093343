import type { KeyCaller } from "../auth/key-caller";
import { database } from "../db/client";
import {
  authorizationServer,
  type GrantProps,
  grantIdOf,
  mcpResource,
  type OAuthBindings,
} from "../oauth/authorization-server";
import { ok, type Result, refusal } from "../result/result";
import { effectiveScopes } from "./grantable-scopes";
import { listUserWorkspaces } from "./workspace-repository";

/**
 * What an OAuth access token stands for at /mcp: the caller an API key gives (KeyCaller),
 * not a lookalike, because both fill the one caller slot of a v1 request (the bearer
 * middleware's ApiKeyContext, the MCP call context's `auth`), where scopes, limits and
 * logs treat them alike. Its `keyId` is `grant_<id>`, so rate limits and logs count per
 * connection as they count per key, and never collide with a key's `key_` ids.
 */
export type GrantCaller = KeyCaller;

export interface GrantCallerContext {
  env: OAuthBindings & { DB: D1Database };
}

/**
 * The caller of an OAuth access token presented at `origin`'s /mcp (docs/mcp.md "OAuth").
 * The library checks the token (its hash in OAUTH_KV, expiry, audience = this origin's
 * /mcp); then the person who gave consent must still belong to the grant's workspace, and
 * the token's scopes are cut to what their role allows today, so a demotion narrows a
 * token already issued. Refused `unauthorized` when any of that fails.
 */
export async function grantCaller(
  ctx: GrantCallerContext,
  input: { origin: string; token: string },
): Promise<Result<GrantCaller, "unauthorized">> {
  const unknown = refusal("unauthorized", "The token is unknown, expired or revoked");
  const grantId = grantIdOf(input.token);
  if (!grantId) return unknown;
  const valid = await authorizationServer(input.origin).validateToken<GrantProps>(
    mcpResource(input.origin),
    input.token,
    ctx.env,
  );
  if (!valid) return unknown;
  const memberships = await listUserWorkspaces(database(ctx.env.DB), valid.props.userId);
  const membership = memberships.find((m) => m.id === valid.props.workspaceId);
  if (!membership) return unknown;
  return ok({
    keyId: `grant_${grantId}`,
    workspaceId: membership.id,
    scopes: effectiveScopes(valid.scope, membership.role),
  });
}
