import type { OpenAPIHono } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { type CardTool, mcpServerCard, SERVER_CARD_TYPE } from "@shared/discovery/mcp-server-card";
import { SERVICE_PATHS, serviceUrl } from "@shared/discovery/service-links";
import { PROTECTED_RESOURCE_METADATA_PATH } from "@shared/oauth/authorization-server";
import { SCOPES } from "@shared/vocabulary/scopes";
import type { ApiKeyContext } from "../middleware/caller";
import type { McpCallContext } from "./call-context";
import { type BoundTool, buildMcpServer } from "./mcp-server";

/** Listing tools runs none: a caller with no workspace and no scope, refused by every route if one ever ran. */
const NO_CALLER: ApiKeyContext = { keyId: "", workspaceId: "", scopes: [] };

/**
 * The tools exactly as `tools/list` answers them: the server this Worker builds for
 * every `/mcp` request is asked in process, so the card cannot disagree with it.
 */
async function listTools(tools: BoundTool[], ctx: McpCallContext): Promise<CardTool[]> {
  const server = buildMcpServer(tools, ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const post = (id: number, method: string, params: Record<string, unknown>) =>
      transport.handleRequest(
        new Request(serviceUrl(new URL(ctx.request.url).origin, SERVICE_PATHS.mcp), {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        }),
      );
    const res = await post(1, "tools/list", {});
    const body = (await res.json()) as { result?: { tools?: CardTool[] }; error?: { message: string } };
    if (!body.result?.tools) throw new Error(`tools/list failed: ${body.error?.message ?? res.status}`);
    return body.result.tools;
  } finally {
    await transport.close().catch(() => {});
    await server.close().catch(() => {});
  }
}

/**
 * GET /mcp/server-card (SEP-2127: the card sits at `<endpoint>/server-card`, served with
 * `Access-Control-Allow-Origin: *` and a public cache lifetime). Public and static: no
 * key, no rebinding guard (it names nothing private and changes only with a deploy).
 * The tool list is read once per isolate.
 */
export function mountServerCard(app: OpenAPIHono<{ Bindings: V1Env }>, tools: BoundTool[]): void {
  let listed: Promise<CardTool[]> | null = null;
  app.get(SERVICE_PATHS.mcpServerCard, async (c) => {
    const origin = new URL(c.req.url).origin;
    listed ??= listTools(tools, {
      app,
      request: c.req.raw,
      auth: NO_CALLER,
      env: c.env,
      executionCtx: c.executionCtx,
    }).catch((err: unknown) => {
      listed = null;
      throw err;
    });
    const card = mcpServerCard(origin, await listed, {
      protectedResourceMetadata: `${origin}${PROTECTED_RESOURCE_METADATA_PATH}/mcp`,
      authorizationServerMetadata: `${origin}/.well-known/oauth-authorization-server`,
      scopes: SCOPES,
    });
    return c.body(JSON.stringify(card), 200, {
      "Content-Type": SERVER_CARD_TYPE,
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
    });
  });
}
