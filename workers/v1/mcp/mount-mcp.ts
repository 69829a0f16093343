import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import { serviceBaseUrl } from "@shared/sites/snippet";
import { apiKeyAuth } from "../middleware/api-key";
import { buildMcpServer } from "./mcp-server";
import { routeShape } from "./route-schemas";
import { v1Tools } from "./v1-tools";

export const MCP_PATH = "/mcp";

/** This service's own host: PUBLIC_BASE_URL's, or the request's when that is unset. */
const ownHost = (env: V1Env, url: string) => new URL(serviceBaseUrl(env.PUBLIC_BASE_URL, url)).hostname;

/**
 * DNS rebinding guard, as the MCP transport spec and the SDK advise for a fetch-native
 * mount: the Host must name this service (or localhost), and a browser's Origin must be
 * this service's own or localhost. The SDK's helpers answer 403 otherwise; a request
 * without Origin (any non-browser client) passes the Origin check.
 */
function rebindingRefusal(env: V1Env, request: Request): Response | undefined {
  const host = ownHost(env, request.url);
  return (
    hostHeaderValidationResponse(request, [host, ...localhostAllowedHostnames()]) ??
    originValidationResponse(request, [host, ...localhostAllowedOrigins()])
  );
}

/**
 * `/mcp`: a stateless Streamable HTTP MCP server (docs/decisions.md#10-identity-and-tools) behind the v1 key
 * check, so a call without a key is 401 with `WWW-Authenticate` like any v1 route.
 * Each tool then runs its v1 route with the same key, which applies scopes and limits.
 */
export function mountMcp(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  // Resolved once, after every route is registered: a renamed operation fails here, at
  // start-up, instead of leaving a stale tool.
  const tools = v1Tools.map((tool) => ({ tool, shape: routeShape(app as never, tool.operationId) }));
  app.use(MCP_PATH, async (c, next) => {
    const refused = rebindingRefusal(c.env, c.req.raw);
    if (refused) return refused;
    await next();
  });
  app.all(MCP_PATH, apiKeyAuth() as never, async (c) => {
    const context = { app, request: c.req.raw, env: c.env, executionCtx: c.executionCtx };
    // Per request: the factory's tools need this request's key and bindings.
    const handler = createMcpHandler(() => buildMcpServer(tools, context), { responseMode: "json" });
    return handler.fetch(c.req.raw);
  });
}
