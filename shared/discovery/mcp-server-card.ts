import { MCP_SERVER, SERVICE_NAME, SERVICE_PATHS, SERVICE_SUMMARY, serviceUrl } from "./service-links";

/** SEP-2127 "MCP Server Cards": the card's media type. */
export const SERVER_CARD_TYPE = "application/mcp-server-card+json";

/** One tool as `tools/list` describes it (MCP schema `Tool`): the card lists exactly these. */
export interface CardTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** The OAuth metadata the card points at (RFC 9728, RFC 8414) and the scopes tools need. */
export interface CardAuth {
  protectedResourceMetadata: string;
  authorizationServerMetadata: string;
  scopes: readonly string[];
}

/** The card's `name`: SEP-2127 asks for reverse-DNS with one slash (`test.agent-readiness/agent-readiness`). */
export function cardName(baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  return `${host.split(".").reverse().join(".")}/${MCP_SERVER.name}`;
}

/**
 * The MCP server card, served at `<endpoint>/server-card` (SEP-2127, Final; the
 * server-card extension's docs/discovery.md "Server Card Location"): name, version,
 * the streamable-http remote with the header and schemes it takes, the capabilities the
 * server announces, its static tools as `tools/list` gives them, and where its OAuth
 * metadata is. Built from the same values the MCP server is: `MCP_SERVER`, the tools the
 * server registered, the OAuth metadata paths.
 */
export function mcpServerCard(baseUrl: string, tools: CardTool[], auth: CardAuth) {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
    name: cardName(baseUrl),
    title: SERVICE_NAME,
    version: MCP_SERVER.version,
    description: SERVICE_SUMMARY,
    websiteUrl: serviceUrl(baseUrl, SERVICE_PATHS.llmsTxt),
    remotes: [
      {
        type: "streamable-http",
        url: serviceUrl(baseUrl, SERVICE_PATHS.mcp),
        headers: [
          {
            name: "Authorization",
            description:
              "Bearer <API_KEY> of a workspace, or an OAuth access token this service issued; each tool needs the scope of its v1 operation.",
            isRequired: true,
            isSecret: true,
          },
        ],
        authentication: { required: true, schemes: ["bearer", "oauth2"] },
      },
    ],
    // The list is fixed per deployment (the server announces listChanged: false).
    capabilities: { tools: { listChanged: false } },
    tools,
    _meta: {
      // RFC 9728 §3 and RFC 8414 §3: where a client starts the OAuth flow, and the scopes on offer.
      "io.agent-readiness/oauth": {
        protectedResourceMetadata: auth.protectedResourceMetadata,
        authorizationServerMetadata: auth.authorizationServerMetadata,
        scopesSupported: [...auth.scopes],
      },
    },
  };
}
