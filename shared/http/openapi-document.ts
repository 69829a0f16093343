import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { publicDocument } from "./public-document";

type Document = Parameters<OpenAPIHono["doc31"]>[1];
type DocumentConfig = Exclude<Document, (...args: never[]) => unknown>;

/**
 * Serves a Worker's OpenAPI 3.1 document at `path` (v1, Scan API, ingest): the
 * `openapi` version and `servers` (this deployment's own origin) are the same for all;
 * `describe` gives the rest from that origin. Any origin may read it, with ETag/304.
 */
export function serveOpenApiDocument<E extends Env>(
  app: OpenAPIHono<E>,
  path: string,
  describe: (origin: string) => Omit<DocumentConfig, "openapi" | "servers">,
): void {
  app.use(path, publicDocument());
  app.doc31(path, (c) => {
    const origin = new URL(c.req.url).origin;
    const { info, ...rest } = describe(origin);
    return { openapi: "3.1.0", info, servers: [{ url: origin, description: "This service" }], ...rest };
  });
}
