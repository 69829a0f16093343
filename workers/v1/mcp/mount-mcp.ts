import type { OpenAPIHono } from "@hono/zod-openapi";
import { createMcpHandler, localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import { serviceBaseUrl } from "../../../shared/sites/snippet";
import { apiKeyAuth } from "../middleware/api-key";
import { buildMcpServer } from "./mcp-server";

export const MCP_PATH = "/mcp";

/**
 * Origins a browser may call /mcp from: this service's own host and localhost. The MCP
 * transport spec asks servers to validate Origin against DNS rebinding; the SDK's
 * `originValidationResponse` answers 403 for any other Origin (a request without one,
 * from a non-browser client, passes).
 */
function allowedOrigins(env: V1Env, url: string): string[] {
  return [new URL(serviceBaseUrl(env.PUBLIC_BASE_URL, url)).hostname, ...localhostAllowedOrigins()];
}

/**
 * `/mcp`: a stateless Streamable HTTP MCP server (decisions §10) behind the v1 key
 * check, so a call without a key is 401 with `WWW-Authenticate` like any v1 route.
 * Each tool then runs its v1 route with the same key, which applies scopes and limits.
 */
export function mountMcp(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  app.use(MCP_PATH, async (c, next) => {
    const refused = originValidationResponse(c.req.raw, allowedOrigins(c.env, c.req.url));
    if (refused) return refused;
    await next();
  });
  app.all(MCP_PATH, apiKeyAuth() as never, async (c) => {
    const context = { app, request: c.req.raw, env: c.env, executionCtx: c.executionCtx };
    // Per request: the factory's tools need this request's key and bindings.
    const handler = createMcpHandler(() => buildMcpServer(context), { responseMode: "json" });
    return handler.fetch(c.req.raw);
  });
}
