import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Scope } from "@shared/auth/scopes";
import { ApiError } from "@shared/errors/api-error";
import type { ErrorCode } from "@shared/errors/catalogue";
import { errorResponses } from "@shared/errors/openapi-responses";
import { type ApiLimitClass, apiLimitClasses } from "@shared/rate-limit/api-limits";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiKeyAuth } from "../middleware/api-key";
import { rateLimit } from "../middleware/rate-limit";
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
}

function bodyBound(maxBodyBytes: number | undefined): MiddlewareHandler {
  if (maxBodyBytes === undefined) return async (_c, next) => next();
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

function withHeaders<T extends RouteConfig["responses"]>(responses: T): T {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(responses)) {
    out[status] = { ...response, headers: { ...rateLimitHeaderDocs, ...(response as { headers?: object }).headers } };
  }
  return out as T;
}

/**
 * `createRoute` for an authenticated v1 operation: Bearer auth, the per-key rate limit,
 * the scope check (in that order, so even a 403 carries rate-limit headers), an
 * optional body bound, the security requirement and the error responses from the
 * catalogue.
 */
export function v1Route<
  P extends string,
  R extends Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P },
>(config: R, options: V1RouteOptions) {
  const scopeNote = options.scope ? `Scope: \`${options.scope}\`.` : "Any valid API key.";
  const limitNote = rateLimitNote(options.limit);
  const middleware: [
    ReturnType<typeof apiKeyAuth>,
    ReturnType<typeof rateLimit>,
    ReturnType<typeof requireScope>,
    MiddlewareHandler,
  ] = [apiKeyAuth(), rateLimit(options.limit), requireScope(options.scope), bodyBound(options.maxBodyBytes)];
  const errors = [
    ...(options.errors ?? []),
    ...(options.maxBodyBytes === undefined ? [] : ["payload_too_large" as const]),
  ];
  const route = {
    ...config,
    description: [config.description, `${scopeNote} ${limitNote}`].filter(Boolean).join("\n\n"),
    security: [{ bearerAuth: [] }],
    middleware,
    responses: {
      ...withHeaders(config.responses),
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
