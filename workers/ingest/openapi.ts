import type { OpenAPIHono } from "@hono/zod-openapi";
import { serveOpenApiDocument } from "@shared/http/openapi-document";

export const INGEST_OPENAPI_PATH = "/ingest/openapi.json";

/** Serves the ingest Worker's own OpenAPI 3.1 document (the beacon endpoint). */
export function mountIngestOpenApi(app: OpenAPIHono<{ Bindings: IngestEnv }>): void {
  serveOpenApiDocument(app, INGEST_OPENAPI_PATH, () => ({
    info: {
      title: "Agent-Traffic ingest",
      version: "1.0.0",
      description:
        "The snippet's beacon endpoint. Errors are `{error, code}`; every response carries `X-Request-Id`. Server-side records go to `POST /api/v1/events` instead (see /api/v1/openapi.json).",
    },
    tags: [{ name: "Ingest", description: "Beacons from the storage-free snippet." }],
  }));
}
