import { SERVICE_PATHS } from "./service-links";

/**
 * /robots.txt (RFC 9309): the pages and discovery documents are open to every crawler
 * and agent; the API, ingest and snippet paths are not pages to crawl. The longest
 * match wins (RFC 9309 §2.2.2), so the Allow lines open the two v1 documents under
 * the disallowed /api/v1/.
 */
export function robotsTxt(): string {
  return `User-agent: *
Allow: /
Allow: ${SERVICE_PATHS.openapi}
Allow: ${SERVICE_PATHS.apiReference}
Disallow: /api/v1/
Disallow: ${SERVICE_PATHS.mcp}
Disallow: /ingest/
Disallow: /sdk/
`;
}
