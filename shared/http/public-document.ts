import { every } from "hono/combine";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS } from "hono/etag";

// The service's public, read-only documents (the OpenAPI documents, the MCP server
// card, the api-catalog, llms.txt, robots.txt) and the v1 report answers, by hono's own
// middleware (docs/decisions.md, "Documents that match the server").

/**
 * `ETag` (SHA-1 of the body) on a 2xx GET/HEAD answer, and `304 Not Modified` when
 * `If-None-Match` names it (RFC 9110 §13.1.2). A 304 keeps the headers of the 200 that
 * RFC 9110 §15.4.5 asks for, plus the request id, CORS and the rate-limit headers.
 */
export const conditionalGet = () =>
  etag({
    retainedHeaders: [
      ...RETAINED_304_HEADERS,
      "x-request-id",
      "access-control-allow-origin",
      "access-control-expose-headers",
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-used",
      "x-ratelimit-reset",
    ],
  });

/**
 * A public read-only document: readable from any origin without credentials
 * (`Access-Control-Allow-Origin: *`, Fetch standard "CORS protocol"; nothing private
 * is in them and no cookie is ever honoured), with its ETag exposed, and conditional GET.
 */
export const publicDocument = () =>
  every(
    cors({ origin: "*", allowMethods: ["GET", "HEAD"], exposeHeaders: ["ETag", "X-Request-Id"] }),
    conditionalGet(),
  );
