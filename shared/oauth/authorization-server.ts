import { OAuthAuthorizationServer, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { log } from "@shared/http/log";
import { SCOPES } from "@shared/vocabulary/scopes";

// The OAuth 2.1 authorization server for /mcp (docs/mcp.md "OAuth"), built on
// @cloudflare/workers-oauth-provider: it serves RFC 8414 metadata, the token endpoint
// (authorization code with PKCE S256, refresh with rotation, RFC 7009 revocation),
// RFC 7591 dynamic registration and Client ID Metadata Documents, and validates the
// tokens it issued. The v1 Worker serves its endpoints and /mcp; the app Worker renders
// the consent page through `getOAuthApi()`. Both bind the same OAUTH_KV.

export const MCP_RESOURCE_PATH = "/mcp";
export const AUTHORIZE_PATH = "/app/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

/** What the library keeps encrypted with each grant and hands back with each token. */
export interface GrantProps {
  userId: string;
  workspaceId: string;
}

/** Stored in clear beside the grant (listing under Settings -> Connected apps). */
export interface GrantMetadata {
  workspaceId: string;
  workspaceName: string;
  clientName: string;
}

export type OAuthBindings = { OAUTH_KV: KVNamespace };

/** 30 days, the library's default, written down: a connected app idle for a month signs in again. */
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const ACCESS_TOKEN_TTL_SECONDS = 3600;

const servers = new Map<string, OAuthAuthorizationServer<OAuthBindings>>();

/** The authorization server for `origin` (one per origin, built once per isolate). */
export function authorizationServer(origin: string): OAuthAuthorizationServer<OAuthBindings> {
  let server = servers.get(origin);
  if (!server) {
    server = new OAuthAuthorizationServer<OAuthBindings>({
      issuer: origin,
      resources: [mcpResource(origin)],
      authorizeEndpoint: AUTHORIZE_PATH,
      tokenEndpoint: TOKEN_PATH,
      clientRegistrationEndpoint: REGISTER_PATH,
      scopesSupported: [...SCOPES],
      clientIdMetadataDocumentEnabled: true,
      accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTTL: REFRESH_TOKEN_TTL_SECONDS,
      // A registration nobody uses is gone after the longest a grant lives (the library's
      // default keeps it 90 days); one in use is renewed by the library at half-life.
      clientRegistrationTTL: REFRESH_TOKEN_TTL_SECONDS,
      onError: ({ code, status, internal }) => {
        log("warn", "oauth error", { code, status, category: internal?.category, reason: internal?.reason });
      },
    });
    servers.set(origin, server);
  }
  return server;
}

/**
 * The library's helpers for grants alone (list, revoke), where no request names the
 * service's origin (a password reset, a member removed, a cron): the grants in OAUTH_KV
 * are the same whatever issuer the helper was built for.
 */
export function grantHelpers(env: OAuthBindings & { PUBLIC_BASE_URL?: string }): OAuthHelpers {
  return authorizationServer(
    env.PUBLIC_BASE_URL ? new URL(env.PUBLIC_BASE_URL).origin : "http://localhost",
  ).getOAuthApi(env);
}

/** The canonical resource identifier of the MCP server: the URL clients connect to. */
export function mcpResource(origin: string): string {
  return `${origin}${MCP_RESOURCE_PATH}`;
}

/** RFC 9728 metadata URL for the MCP resource (path-suffixed form, §3.1). */
export function protectedResourceMetadataUrl(origin: string): string {
  return `${origin}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_RESOURCE_PATH}`;
}

/** Tokens the library issues have the shape `userId:grantId:secret`; the grant id names the connection. */
export function grantIdOf(token: string): string | null {
  const parts = token.split(":");
  return parts.length === 3 && parts[1] ? parts[1] : null;
}
