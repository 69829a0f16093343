import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import {
  mcpResource,
  PROTECTED_RESOURCE_METADATA_PATH,
  REGISTER_PATH,
  TOKEN_PATH,
} from "@shared/oauth/authorization-server";
import { serviceOrigin } from "@shared/oauth/service-origin";
import { SCOPES } from "@shared/vocabulary/scopes";
import type { Context } from "hono";
import { serveOAuthEndpoint } from "./oauth-endpoint";
import { rebindingGuard } from "./rebinding-guard";

const AS_METADATA_PATH = "/.well-known/oauth-authorization-server";

function originOf(c: Context<{ Bindings: V1Env }>): string {
  const origin = serviceOrigin(c.env.PUBLIC_BASE_URL, c.req.url);
  // The rebinding guard ran first, so this holds; kept as a refusal, never a 500.
  if (!origin) throw new ApiError("host_not_allowed");
  return origin;
}

/**
 * RFC 9728 protected-resource metadata for /mcp: the MCP server names this service as
 * its one authorization server. Served at the path-suffixed URL the 401 challenge
 * names (§3.1) and at the bare well-known URL, which clients try when a server sends
 * no challenge (MCP authorization spec, "Protected Resource Metadata Discovery").
 */
function protectedResourceMetadata(origin: string) {
  return {
    resource: mcpResource(origin),
    authorization_servers: [origin],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Agent Readiness MCP server",
    resource_documentation: `${origin}/llms.txt`,
  };
}

/**
 * The OAuth endpoints of /mcp on the v1 Worker, which the edge routes here:
 * protected-resource metadata (ours), and the authorization server's own (metadata,
 * token with refresh and revocation, dynamic registration), answered by the library.
 * The authorization endpoint is the app's consent page (/app/oauth/authorize).
 */
export function mountOAuthRoutes(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  for (const path of [PROTECTED_RESOURCE_METADATA_PATH, `${PROTECTED_RESOURCE_METADATA_PATH}/mcp`]) {
    app.use(path, rebindingGuard({ origin: false }));
    app.get(path, (c) => {
      c.header("Access-Control-Allow-Origin", "*");
      return c.json(protectedResourceMetadata(originOf(c)));
    });
  }
  for (const path of [AS_METADATA_PATH, TOKEN_PATH, REGISTER_PATH]) {
    app.use(path, rebindingGuard({ origin: false }));
    app.all(path, (c) => serveOAuthEndpoint(c, originOf(c)));
  }
}
