import type { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { serveOpenApiDocument } from "@shared/http/openapi-document";
import { docsCsp } from "./docs/docs-csp";
import { SCALAR_BUNDLE } from "./docs/scalar-bundle";

export const OPENAPI_PATH = "/api/v1/openapi.json";
export const DOCS_PATH = "/api/v1/docs";
/** The reference's script, served by this Worker (versioned path: cached for a year). */
export const DOCS_SCRIPT_PATH = "/api/v1/docs/assets/scalar-api-reference-1.72.1.js";

/** Registers the bearer scheme, serves the OpenAPI 3.1 document and the interactive reference. */
export function mountOpenApi(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key of the workspace: `Authorization: Bearer <API_KEY>` (keys start with `ar_live_`).",
  });
  serveOpenApiDocument(app, OPENAPI_PATH, (origin) => ({
    info: {
      title: "Agent-Traffic API",
      version: "1.0.0",
      description:
        "Register shops, check the tracking snippet, read measured AI-agent traffic, record conversions. Errors are `{error, code}`; branch on `code`. Every response carries `X-Request-Id`.",
      contact: { name: "Agent Readiness", url: origin },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Workspace", description: "The key's identity." },
      { name: "Sites", description: "Register shops and get their snippet." },
      { name: "Traffic", description: "Measured AI-agent traffic." },
      { name: "Conversions", description: "Orders posted from a backend." },
      { name: "Attribution", description: "Attribution reports over conversions." },
      { name: "Events", description: "Server-side request records." },
      { name: "Monitors", description: "Watch a domain's score; signed `score.changed` webhooks." },
      {
        name: "Drains",
        description: "Log drains: Cloudflare Logpush, Vercel and NDJSON endpoints per site, with their status.",
      },
      {
        name: "Policy",
        description:
          "A site's agent policy: allow, block or obey robots.txt per agent, operator and purpose; the managed robots.txt; the document collectors enforce.",
      },
    ],
  }));
  // The page and the Scalar bundle are both served by this Worker, so the reference
  // works offline: no CDN script, no web fonts (system fonts), no telemetry.
  app.get(DOCS_SCRIPT_PATH, (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(SCALAR_BUNDLE);
  });
  app.get(
    DOCS_PATH,
    docsCsp(),
    Scalar({
      url: OPENAPI_PATH,
      cdn: DOCS_SCRIPT_PATH,
      pageTitle: "Agent-Traffic API reference",
      withDefaultFonts: false,
      telemetry: false,
    }),
  );
}
