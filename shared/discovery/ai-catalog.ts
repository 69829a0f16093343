import { SERVER_CARD_TYPE } from "./mcp-server-card";
import { MCP_SERVER, SERVICE_NAME, SERVICE_PATHS, SERVICE_SUMMARY, serviceUrl } from "./service-links";

/** The AI Catalog's media type (Agent-Card/ai-catalog `specification/ai-catalog.md`). */
export const AI_CATALOG_TYPE = "application/ai-catalog+json";

/**
 * The AI Catalog at /.well-known/ai-catalog.json (and, with the same body, the
 * transitional MCP Catalog at /.well-known/mcp/catalog.json; SEP-2127 discovery): one
 * entry, our MCP server card, with a stable `urn:air:{publisher}:{namespace}:{name}`
 * identifier, the card's media type and its URL at `<endpoint>/server-card`.
 */
export function aiCatalog(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  return {
    specVersion: "1.0",
    entries: [
      {
        identifier: `urn:air:${host}:mcp:${MCP_SERVER.name}`,
        type: SERVER_CARD_TYPE,
        url: serviceUrl(baseUrl, SERVICE_PATHS.mcpServerCard),
        name: SERVICE_NAME,
        description: SERVICE_SUMMARY,
      },
    ],
  };
}
