import type { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { serveOpenApiDocument } from "@shared/http/openapi-document";

export const OPENAPI_PATH = "/api/v1/openapi.json";
export const DOCS_PATH = "/api/v1/docs";

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
    ],
  }));
  // The page is served by this Worker; the browser loads the Scalar bundle from its
  // CDN (jsDelivr). The JSON document itself needs no network.
  app.get(DOCS_PATH, Scalar({ url: OPENAPI_PATH, pageTitle: "Agent-Traffic API reference" }));
}
