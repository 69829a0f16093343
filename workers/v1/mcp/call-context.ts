import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiKeyContext } from "../middleware/caller";

/** What one /mcp request gives every tool it runs (mcp-server.ts, scan-tools.ts): the app, the request, its caller. */
export interface McpCallContext {
  app: OpenAPIHono<{ Bindings: V1Env }>;
  request: Request;
  /** The caller `/mcp` authenticated: an API key, or an OAuth grant bound to one workspace. */
  auth: ApiKeyContext;
  env: V1Env;
  executionCtx: Parameters<OpenAPIHono<{ Bindings: V1Env }>["fetch"]>[2];
}
