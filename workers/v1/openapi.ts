import type { OpenAPIHono } from "@hono/zod-openapi";

export const OPENAPI_PATH = "/api/v1/openapi.json";

/** Registers the bearer scheme and serves the OpenAPI 3.1 document of every v1 route. */
export function mountOpenApi(app: OpenAPIHono<{ Bindings: V1Env }>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key of the workspace: `Authorization: Bearer <API_KEY>`.",
  });
  app.doc31(OPENAPI_PATH, (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Agent-Traffic API",
      version: "1.0.0",
      description:
        "Register shops, check the tracking snippet, read measured AI-agent traffic, record conversions. Errors are `{error, code}`; branch on `code`.",
    },
    servers: [{ url: new URL(c.req.url).origin }],
    security: [{ bearerAuth: [] }],
  }));
}
