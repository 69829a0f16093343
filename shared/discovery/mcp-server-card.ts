import { MCP_SERVER, SERVICE_NAME, SERVICE_PATHS, SERVICE_SUMMARY, serviceUrl } from "./service-links";

/**
 * The MCP server card at /.well-known/mcp.json, in the shape of SEP-2127 (MCP Server
 * Cards; the registry's server.json fields): name, version, description and the remote
 * endpoint with its transport and the header it requires. Tools are not listed:
 * `tools/list` on the endpoint is the source that cannot go stale.
 */
export function mcpServerCard(baseUrl: string) {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
    name: MCP_SERVER.name,
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
            description: "Bearer <API_KEY> of a workspace; each tool needs the scope of its v1 operation.",
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
  };
}
