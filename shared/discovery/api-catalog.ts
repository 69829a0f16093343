import { SERVER_CARD_TYPE } from "./mcp-server-card";
import { SERVICE_PATHS, serviceUrl } from "./service-links";

/** RFC 9727 §4.2: the catalog's media type, a linkset (RFC 9264) with the api-catalog profile. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * /.well-known/api-catalog (RFC 9727): one linkset context per API, each with its
 * machine-readable description (`service-desc`, RFC 8631) and its human documentation
 * (`service-doc`). The MCP server is listed too: its description is the server card.
 */
export function apiCatalog(baseUrl: string) {
  const at = (path: string) => serviceUrl(baseUrl, path);
  return {
    linkset: [
      {
        anchor: at(SERVICE_PATHS.v1Api),
        "service-desc": [{ href: at(SERVICE_PATHS.openapi), type: "application/vnd.oai.openapi+json;version=3.1" }],
        "service-doc": [{ href: at(SERVICE_PATHS.apiReference), type: "text/html" }],
      },
      {
        anchor: at(SERVICE_PATHS.scanApi),
        "service-desc": [{ href: at(SERVICE_PATHS.scanOpenapi), type: "application/vnd.oai.openapi+json;version=3.1" }],
        "service-doc": [{ href: at(SERVICE_PATHS.llmsTxt), type: "text/markdown" }],
      },
      {
        anchor: at(SERVICE_PATHS.mcp),
        "service-desc": [{ href: at(SERVICE_PATHS.mcpServerCard), type: SERVER_CARD_TYPE }],
        "service-doc": [{ href: at(SERVICE_PATHS.llmsTxt), type: "text/markdown" }],
      },
    ],
  };
}
