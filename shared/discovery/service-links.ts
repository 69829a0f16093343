import { CHECK_COUNT } from "../scan/report/check-titles";
// The service's public entry points, relative to its base URL. The discovery documents
// (llms.txt, api-catalog, MCP server card, robots.txt) are built from this one list,
// so they cannot disagree about where things are.
export const SERVICE_PATHS = {
  scanPage: "/",
  scanApi: "/api/scan",
  scanOpenapi: "/api/scan/openapi.json",
  v1Api: "/api/v1",
  openapi: "/api/v1/openapi.json",
  apiReference: "/api/v1/docs",
  mcp: "/mcp",
  /** The pre-SEP card path; it answers the same card as `mcpServerCard`. */
  mcpCard: "/.well-known/mcp.json",
  /** SEP-2127: the card sits at `<streamable-http endpoint>/server-card`. */
  mcpServerCard: "/mcp/server-card",
  aiCatalog: "/.well-known/ai-catalog.json",
  /** SEP-2127's transitional MCP Catalog path, kept beside the AI Catalog. */
  mcpCatalog: "/.well-known/mcp/catalog.json",
  apiCatalog: "/.well-known/api-catalog",
  llmsTxt: "/llms.txt",
} as const;

export const SERVICE_NAME = "Agent Readiness";

/** The MCP server's name and version: in its `initialize` answer and its server card. */
export const MCP_SERVER = { name: "agent-readiness", version: "1.0.0" } as const;

export const SERVICE_SUMMARY = `Agent-readiness scans and AI-agent traffic analytics for online shops: a deterministic scanner scores how easily AI agents can find a shop's products and add them to a cart (0-100, ${CHECK_COUNT} checks), and a v1 API with scoped API keys registers shops, checks the tracking snippet, reports measured AI-assistant traffic and attributes orders.`;

/** Absolute URL of a service path on `baseUrl` (an origin without a trailing slash). */
export function serviceUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}
