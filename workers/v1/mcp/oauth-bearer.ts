import { listUserWorkspaces } from "@shared/accounts/workspace-repository";
import { SCOPE_PRESETS } from "@shared/auth/scopes";
import { database } from "@shared/db/client";
import {
  authorizationServer,
  type GrantProps,
  grantIdOf,
  mcpResource,
  protectedResourceMetadataUrl,
} from "@shared/oauth/authorization-server";
import { effectiveScopes } from "@shared/oauth/grantable-scopes";
import { serviceOrigin } from "@shared/oauth/service-origin";
import type { OtherBearer } from "../middleware/api-key";

/**
 * OAuth access tokens at `/mcp`, beside API keys. The library checks the token (its
 * hash in OAUTH_KV, expiry, audience = this service's /mcp); then the person who gave
 * consent must still belong to the workspace the grant is bound to, and the token's
 * scopes are cut to what their role allows today. The result is the same caller shape
 * an API key gives, so every v1 route applies scopes and limits to it unchanged.
 * Rate limits count per grant (`grant_<id>`), as they count per key.
 */
export const oauthBearer: OtherBearer = {
  // MCP clients ask for what the challenge names (SDK 1.x `auth()`: the challenge's scope
  // first, then the metadata's scopes_supported, which lists all seven): the read scopes,
  // so a connection reads by default and writing is a choice made at consent.
  challengeScope: SCOPE_PRESETS["read-only"],
  resourceMetadata: (c) => {
    const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
    return origin ? protectedResourceMetadataUrl(origin) : null;
  },
  resolve: async (c, token) => {
    const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
    const grantId = grantIdOf(token);
    if (!origin || !grantId) return null;
    const valid = await authorizationServer(origin).validateToken<GrantProps>(mcpResource(origin), token, c.env);
    if (!valid) return null;
    const memberships = await listUserWorkspaces(database(c.env.DB), valid.props.userId);
    const membership = memberships.find((m) => m.id === valid.props.workspaceId);
    if (!membership) return null;
    return {
      keyId: `grant_${grantId}`,
      workspaceId: membership.id,
      scopes: effectiveScopes(valid.scope, membership.role),
    };
  },
};
