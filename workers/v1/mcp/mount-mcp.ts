import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { apiKeyAuth } from "../middleware/api-key";
import type { ApiKeyContext } from "../middleware/caller";
import type { McpCallContext } from "./call-context";
import { buildMcpServer } from "./mcp-server";
import { oauthBearer } from "./oauth-bearer";
import { mountOAuthRoutes } from "./oauth-routes";
import { rebindingGuard } from "./rebinding-guard";
import { routeShape } from "./route-schemas";
import { mountServerCard } from "./server-card-route";
import { v1Tools } from "./v1-tools";

export const MCP_PATH = "/mcp";

const BOTH = "application/json, text/event-stream";

/**
 * Every answer of this server is one JSON body (responseMode "json"; the 2025-era leg
 * below too), so a client that accepts JSON is served even when it does not also list
 * text/event-stream. The MCP spec asks clients to list both; refusing one that lists
 * only JSON protects nothing here. The SDK's transport insists on both, so it is shown
 * both. A client that accepts neither keeps the SDK's 406.
 */
function acceptingJson(request: Request): Request {
  const accept = request.headers.get("Accept") ?? "*/*";
  const media = accept.split(",").map((part) => part.split(";")[0].trim().toLowerCase());
  const json = media.some((m) => m === "application/json" || m === "application/*" || m === "*/*");
  if (!json || media.includes("text/event-stream")) return request;
  const headers = new Headers(request.headers);
  headers.set("Accept", BOTH);
  return new Request(request, { headers });
}

/**
 * 2025-era clients (the `initialize` handshake, which the SDK's classifier routes to
 * its legacy leg) are served here statelessly with JSON answers: a fresh server and
 * transport per POST, as the SDK's own stateless fallback does, but with
 * `enableJsonResponse` so a JSON-only client gets JSON. GET and DELETE are session
 * operations this stateless server has none of: 405.
 */
async function serveLegacy(request: Request, context: McpCallContext, tools: Parameters<typeof buildMcpServer>[0]) {
  if (request.method !== "POST") {
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const server = buildMcpServer(tools, context);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await transport.close().catch(() => {});
    await server.close().catch(() => {});
  }
}

/**
 * `/mcp`: a stateless Streamable HTTP MCP server (docs/decisions.md#10-identity-and-tools)
 * behind the DNS-rebinding guard and bearer authentication: an API key, or an OAuth
 * access token issued by this service (docs/mcp.md "OAuth"). A call without either is
 * 401 with a `WWW-Authenticate` challenge naming the protected-resource metadata. Each
 * tool then runs its v1 route for that caller, which applies scopes and limits.
 */
export function mountMcp(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  // Resolved once, after every route is registered: a renamed operation fails here, at
  // start-up, instead of leaving a stale tool.
  const tools = v1Tools.map((tool) => ({ tool, shape: routeShape(app as never, tool.operationId) }));
  mountOAuthRoutes(app);
  mountServerCard(app, tools);
  app.use(MCP_PATH, rebindingGuard({ origin: true }));
  app.all(MCP_PATH, apiKeyAuth(oauthBearer) as never, async (c) => {
    const request = acceptingJson(c.req.raw);
    const context: McpCallContext = {
      app,
      request,
      auth: (c as unknown as { get(key: "auth"): ApiKeyContext }).get("auth"),
      env: c.env,
      executionCtx: c.executionCtx,
    };
    if (await isLegacyRequest(request)) return serveLegacy(request, context, tools);
    // Per request: the factory's tools need this request's caller and bindings.
    const handler = createMcpHandler(() => buildMcpServer(tools, context), { responseMode: "json", legacy: "reject" });
    return handler.fetch(request);
  });
}
