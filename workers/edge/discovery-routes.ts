import { AI_CATALOG_TYPE, aiCatalog } from "@shared/discovery/ai-catalog";
import { API_CATALOG_TYPE, apiCatalog } from "@shared/discovery/api-catalog";
import { llmsTxt } from "@shared/discovery/llms-txt";
import { robotsTxt } from "@shared/discovery/robots-txt";
import { SERVICE_PATHS } from "@shared/discovery/service-links";
import { publicDocument } from "@shared/http/public-document";
import { REQUEST_ID_HEADER, type RequestIdVariables } from "@shared/http/request-id";
import type { Context, Hono } from "hono";

type EdgeApp = { Bindings: EdgeEnv; Variables: RequestIdVariables };

// The documents change only with a deploy; an hour of caching is plenty.
const CACHE = "public, max-age=3600";
const origin = (c: Context<EdgeApp>) => new URL(c.req.url).origin;

/** The edge's own documents, plus `/openapi.json` (the v1 document, which v1 already marks). */
export const DISCOVERY_DOCUMENTS = [
  "/robots.txt",
  SERVICE_PATHS.llmsTxt,
  SERVICE_PATHS.apiCatalog,
  SERVICE_PATHS.mcpCard,
  SERVICE_PATHS.mcpServerCard,
  SERVICE_PATHS.aiCatalog,
  SERVICE_PATHS.mcpCatalog,
  "/openapi.json",
] as const;

/**
 * The service's own discovery documents, served by the edge because they describe the
 * whole service rather than one Worker: robots.txt, llms.txt, the RFC 9727 api-catalog,
 * the AI Catalog and the transitional MCP Catalog (SEP-2127). The MCP server card is
 * v1's (`/mcp/server-card`, built from the tools the server registers); the edge adds
 * CORS and ETag to it and answers the pre-SEP `/.well-known/mcp.json` with the same card.
 * `/openapi.json`, the conventional place agents look, is the v1 document.
 */
export function registerDiscoveryRoutes(app: Hono<EdgeApp>): void {
  // Public and read-only: any origin may read them, with ETag/304 (shared/http/public-document.ts).
  for (const path of DISCOVERY_DOCUMENTS) app.use(path, publicDocument());
  app.get("/robots.txt", (c) =>
    c.body(robotsTxt(), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE }),
  );
  app.get(SERVICE_PATHS.llmsTxt, (c) =>
    c.body(llmsTxt(origin(c)), 200, { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": CACHE }),
  );
  app.get(SERVICE_PATHS.apiCatalog, (c) =>
    c.body(JSON.stringify(apiCatalog(origin(c))), 200, {
      "Content-Type": API_CATALOG_TYPE,
      "Cache-Control": CACHE,
      // RFC 9727 §3: the catalog names itself with the api-catalog link relation.
      Link: `<${origin(c)}${SERVICE_PATHS.apiCatalog}>; rel="api-catalog"`,
    }),
  );
  for (const path of [SERVICE_PATHS.aiCatalog, SERVICE_PATHS.mcpCatalog]) {
    app.get(path, (c) =>
      c.body(JSON.stringify(aiCatalog(origin(c))), 200, { "Content-Type": AI_CATALOG_TYPE, "Cache-Control": CACHE }),
    );
  }
  for (const path of [SERVICE_PATHS.mcpServerCard, SERVICE_PATHS.mcpCard]) {
    app.get(path, (c) => forwardToV1(c, SERVICE_PATHS.mcpServerCard));
  }
  app.get("/openapi.json", (c) => forwardToV1(c, SERVICE_PATHS.openapi));
}

/** A v1 document answered at an edge path (the request id travels with it). */
async function forwardToV1(c: Context<EdgeApp>, path: string): Promise<Response> {
  const forwarded = new Request(new URL(path, c.req.url), c.req.raw);
  forwarded.headers.set(REQUEST_ID_HEADER, c.get("requestId"));
  const res = await c.env.V1.fetch(forwarded);
  return new Response(res.body, res);
}
