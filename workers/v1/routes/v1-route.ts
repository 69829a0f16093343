import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { ApiError } from "@shared/errors/api-error";
import { errorResponses } from "@shared/errors/openapi-responses";
import { conditionalGet } from "@shared/http/public-document";
import { type ApiLimitClass, apiLimitClasses } from "@shared/rate-limit/api-limits";
import type { ErrorCode } from "@shared/result/error-codes";
import type { Scope } from "@shared/vocabulary/scopes";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiKeyAuth } from "../middleware/api-key";
import { rateLimit } from "../middleware/rate-limit";
import { withRequestContext } from "../middleware/request-context";
import { requireScope } from "../middleware/require-scope";

export interface V1RouteOptions {
  /** Scope the key must hold; null admits any valid key. */
  scope: Scope | null;
  /** Per-key limit class (shared/rate-limit/api-limits.ts). */
  limit: ApiLimitClass;
  /** Codes the handler itself can throw, besides the ones every authed route has. */
  errors?: ErrorCode[];
  /** Bound on the request body; larger bodies get 413 `payload_too_large` before any parse. */
  maxBodyBytes?: number;
  /**
   * A GET whose answer carries an `ETag` (SHA-1 of the body) and answers 304 to a
   * matching `If-None-Match` (RFC 9110 §13.1.2). For reports: hashing the JSON is cheap
   * next to computing it; the report is still computed and counted against the limit.
   */
  conditional?: boolean;
}

const passThrough: MiddlewareHandler = async (_c, next) => next();

function bodyBound(maxBodyBytes: number | undefined): MiddlewareHandler {
  if (maxBodyBytes === undefined) return passThrough;
  return bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw new ApiError("payload_too_large", `The request body is larger than ${maxBodyBytes} bytes`);
    },
  });
}

/** The limit sentence of a route's description, read from the class itself (never restated by hand). */
function rateLimitNote(limit: ApiLimitClass): string {
  const [perMinute, perDay] = apiLimitClasses[limit].map((w) => w.limit.toLocaleString("en"));
  return `Rate limit: ${perMinute}/min and ${perDay}/day per key, shared by every \`${limit}\` operation.`;
}

/** The scope sentence of an operation's description (and of its MCP tool's). */
export function scopeNote(scope: Scope | null): string {
  return scope ? `Scope: \`${scope}\`.` : "Any valid API key.";
}

/** What a caller needs for an operation, in words: its scope and its rate limit. */
export function accessNote(options: Pick<V1RouteOptions, "scope" | "limit">): string {
  return `${scopeNote(options.scope)} ${rateLimitNote(options.limit)}`;
}

// The access options of every v1Route, by operationId: the MCP tools state the scope and
// limit of the operation they mirror from this, the declaration the middleware enforces.
const accessByOperation = new Map<string, Pick<V1RouteOptions, "scope" | "limit">>();

/** The scope and limit class an operation was declared with; undefined for an operation that is not a v1Route. */
export function declaredAccess(operationId: string): Pick<V1RouteOptions, "scope" | "limit"> | undefined {
  return accessByOperation.get(operationId);
}

// Every authenticated route can answer these, whatever its handler does.
const COMMON_ERRORS: ErrorCode[] = ["invalid_request", "unauthorized", "insufficient_scope", "rate_limited"];

const rateLimitHeaderDocs = {
  "X-RateLimit-Limit": { description: "Requests allowed in the current minute window.", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current minute window.", schema: { type: "integer" } },
  "X-RateLimit-Used": { description: "Requests counted in the current minute window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": {
    description: "Absolute Unix time (seconds) at which the minute window resets.",
    schema: { type: "integer" },
  },
  "X-Request-Id": {
    description: "Identifier of this request; quote it in support requests.",
    schema: { type: "string" },
  },
} as const;

const etagHeader = { ETag: { description: "The answer's entity tag (RFC 9110 §8.8.3).", schema: { type: "string" } } };
const notModified = {
  304: { description: "Not modified: the `If-None-Match` sent names this answer's current `ETag`. No body." },
} as const;

function withHeaders<T extends RouteConfig["responses"]>(responses: T, extra: object = {}): T {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(responses)) {
    const headers = { ...rateLimitHeaderDocs, ...extra, ...(response as { headers?: object }).headers };
    out[status] = { ...response, headers };
  }
  return out as T;
}

/**
 * `createRoute` for an authenticated v1 operation: Bearer auth, the per-key rate limit,
 * the scope check (in that order, so even a 403 carries rate-limit headers), the
 * request context the handler passes to its use case (`c.get("ctx")`), an optional body bound, the security requirement and the error responses from the
 * catalogue.
 */
export function v1Route<
  P extends string,
  R extends Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P },
>(config: R, options: V1RouteOptions) {
  if (config.operationId) accessByOperation.set(config.operationId, { scope: options.scope, limit: options.limit });
  const middleware: [
    ReturnType<typeof apiKeyAuth>,
    ReturnType<typeof rateLimit>,
    ReturnType<typeof requireScope>,
    ReturnType<typeof withRequestContext>,
    MiddlewareHandler,
    MiddlewareHandler,
  ] = [
    apiKeyAuth(),
    rateLimit(options.limit),
    requireScope(options.scope),
    withRequestContext(),
    bodyBound(options.maxBodyBytes),
    options.conditional ? conditionalGet() : passThrough,
  ];
  const errors = [
    ...(options.errors ?? []),
    ...(options.maxBodyBytes === undefined ? [] : ["payload_too_large" as const]),
  ];
  const route = {
    ...config,
    description: [config.description, accessNote(options)].filter(Boolean).join("\n\n"),
    security: [{ bearerAuth: [] }],
    middleware,
    responses: {
      ...withHeaders(config.responses, options.conditional ? etagHeader : {}),
      ...(options.conditional ? withHeaders(notModified, etagHeader) : {}),
      ...withHeaders(errorResponses(...COMMON_ERRORS, ...errors)),
    } as R["responses"],
  } as Omit<R, "responses"> & {
    path: P;
    responses: R["responses"];
    middleware: typeof middleware;
    security: { bearerAuth: string[] }[];
  };
  return createRoute(route);
}
