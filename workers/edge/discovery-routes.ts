import { API_CATALOG_TYPE, apiCatalog } from "@shared/discovery/api-catalog";
import { llmsTxt } from "@shared/discovery/llms-txt";
import { mcpServerCard } from "@shared/discovery/mcp-server-card";
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
  "/openapi.json",
] as const;

/**
 * The service's own discovery documents, served by the edge because they describe the
 * whole service rather than one Worker: robots.txt, llms.txt, the RFC 9727 api-catalog
 * and the MCP server card; `/openapi.json`, the conventional place agents look, is the
 * v1 document.
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
  app.get(SERVICE_PATHS.mcpCard, (c) => c.json(mcpServerCard(origin(c)), 200, { "Cache-Control": CACHE }));
  app.get("/openapi.json", async (c) => {
    const forwarded = new Request(new URL(SERVICE_PATHS.openapi, c.req.url), c.req.raw);
    forwarded.headers.set(REQUEST_ID_HEADER, c.get("requestId"));
    const res = await c.env.V1.fetch(forwarded);
    return new Response(res.body, res);
  });
}
