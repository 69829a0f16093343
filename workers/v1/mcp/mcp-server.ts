import { McpServer } from "@modelcontextprotocol/server";
import { MCP_SERVER } from "@shared/discovery/service-links";
import { metricNote } from "@shared/metrics/metric-text";
import type { McpCallContext } from "./call-context";
import { callV1Route } from "./call-v1-route";
import type { RouteShape } from "./route-schemas";
import { registerScanTools } from "./scan-tools";
import { NoContentSchema, toolResult } from "./tool-result";
import type { V1Tool } from "./v1-tools";

const INSTRUCTIONS =
  "Tools of the Agent-Traffic API: register shops, check their tracking snippet, read measured AI-agent traffic, record and attribute orders, and scan a shop's agent-readiness. Each tool mirrors one v1 operation and needs the scope its description names; a refusal is a tool error whose text is the v1 error body as JSON, with its `code` (insufficient_scope, site_not_found, rate_limited, ...). Start with whoami.";

/** A v1 tool with the schemas of the route it mirrors (resolved once, at start-up). */
export interface BoundTool {
  tool: V1Tool;
  shape: RouteShape;
}

/** A fresh server per HTTP request (stateless Streamable HTTP): the tools close over that request. */
export function buildMcpServer(tools: BoundTool[], ctx: McpCallContext): McpServer {
  // listChanged false: the tool list is fixed per deployment and this stateless server
  // never sends notifications/tools/list_changed, so it does not advertise it (the SDK
  // would default it to true on the first registerTool).
  const server = new McpServer(
    { ...MCP_SERVER },
    { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
  );
  for (const { tool, shape } of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: [tool.description, metricNote(tool.metrics ?? []), shape.access].filter(Boolean).join(" "),
        inputSchema: shape.input,
        outputSchema: shape.output ?? NoContentSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: Record<string, unknown>) => {
        return toolResult(await callV1Route(ctx.app, shape, args, ctx.request, ctx.auth, ctx.env, ctx.executionCtx));
      },
    );
  }
  registerScanTools(server, ctx);
  return server;
}
