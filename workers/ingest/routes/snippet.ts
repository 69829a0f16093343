import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { snippetBuild } from "../snippet/snippet-build.generated";

const IMMUTABLE = "public, max-age=31536000, immutable";
// The alias moves with each release; browsers re-check it every few minutes.
const ALIAS = "public, max-age=300";

/**
 * GET /sdk/v1/agent.js (the canonical snippet element's src) and the immutable,
 * SRI-friendly /sdk/v1/agent.<version>.js. CORS `*` so `integrity` + `crossorigin`
 * work from any shop.
 */
export function registerSnippet(app: OpenAPIHono<{ Bindings: IngestEnv }>) {
  app.get("/sdk/v1/:file", (c) => {
    const file = c.req.param("file");
    const versioned = file === `agent.${snippetBuild.version}.js`;
    if (file !== "agent.js" && !versioned) throw new ApiError("not_found", "No such snippet version");
    return c.body(snippetBuild.code, 200, {
      "Content-Type": "application/javascript; charset=utf-8",
      "Cache-Control": versioned ? IMMUTABLE : ALIAS,
      ETag: `"${snippetBuild.version}"`,
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "X-Snippet-Version": snippetBuild.version,
      "X-Snippet-Integrity": snippetBuild.integrity,
    });
  });
}
