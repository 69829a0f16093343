import { scanLimitsSentence } from "../rate-limit/scan-limits";
import { SERVICE_NAME, SERVICE_PATHS, SERVICE_SUMMARY, serviceUrl } from "./service-links";

/**
 * /llms.txt in the llmstxt.org shape: an H1, a `>` summary, then sections of markdown
 * link lists, each link with a note saying what an agent finds there.
 */
export function llmsTxt(baseUrl: string): string {
  const at = (path: string) => serviceUrl(baseUrl, path);
  return `# ${SERVICE_NAME}

> ${SERVICE_SUMMARY}

Every v1 operation needs an API key of a workspace (\`Authorization: Bearer <API_KEY>\`) holding the operation's scope; errors are \`{error, code}\` and clients branch on \`code\`. Scans need no key.

## API

- [OpenAPI 3.1 description of the v1 API](${at(SERVICE_PATHS.openapi)}): every operation, its scope, parameters, answers, error codes and the signed score.changed webhook.
- [Interactive API reference](${at(SERVICE_PATHS.apiReference)}): the same document, readable in a browser.
- [API catalog](${at(SERVICE_PATHS.apiCatalog)}): RFC 9727 linkset of this service's APIs.

## MCP

- [MCP server](${at(SERVICE_PATHS.mcp)}): Model Context Protocol over Streamable HTTP, stateless, authenticated with the same API key; one tool per v1 operation plus scan_domain and get_scan.
- [MCP server card](${at(SERVICE_PATHS.mcpServerCard)}): name, endpoint, transport, tools and authentication of the MCP server (SEP-2127); listed in the [AI Catalog](${at(SERVICE_PATHS.aiCatalog)}).

## Scans

- [Scan a shop](${at(SERVICE_PATHS.scanPage)}): the web page; \`POST ${SERVICE_PATHS.scanApi}\` with \`{"domain":"shop.example.com"}\` streams progress and the result as Server-Sent Events, \`GET ${SERVICE_PATHS.scanApi}/{id}\` reads a stored result. ${scanLimitsSentence()}.
- [OpenAPI description of the scan API](${at(SERVICE_PATHS.scanOpenapi)}): its two operations and the ScanResult shape.
`;
}
