import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError } from "../errors/api-error";
import { type ErrorStyle, errorBody } from "../errors/error-body";
import type { ErrorCode } from "../result/error-codes";
import { loggedRoute } from "./access-log";
import { log } from "./log";
import { REQUEST_ID_HEADER } from "./request-id";

function fromHttpException(err: HTTPException): ApiError {
  // @hono/zod-openapi answers a missing or non-JSON Content-Type with 415; docs/decisions.md#2-v1-errors calls that a client mistake.
  if (err.status === 415) {
    return new ApiError("invalid_request", "Send the body as JSON with Content-Type: application/json");
  }
  const byStatus: Partial<Record<number, ErrorCode>> = {
    400: "invalid_request",
    401: "unauthorized",
    403: "insufficient_scope",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    429: "rate_limited",
  };
  const code = byStatus[err.status] ?? "internal_error";
  return new ApiError(code, err.message || undefined);
}

/**
 * Formats any thrown value: our ApiError as is, Hono's HTTPException mapped to the
 * catalogue, anything else logged and answered 500 `internal_error` without detail.
 */
export function toErrorResponse(err: unknown, c: Context, style: ErrorStyle, worker: string): Response {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof HTTPException) apiError = fromHttpException(err);
  else {
    log("error", "unhandled", {
      worker,
      request_id: c.get("requestId") as string | undefined,
      route: loggedRoute(c),
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    apiError = new ApiError("internal_error", style === "scan" ? "Scan failed due to an internal error" : undefined);
  }
  const headers = new Headers(apiError.headers);
  const requestId = c.get("requestId") as string | undefined;
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  if (apiError.code === "unauthorized" && !headers.has("WWW-Authenticate")) {
    headers.set("WWW-Authenticate", 'Bearer realm="api"');
  }
  return Response.json(errorBody(apiError, style), { status: apiError.status, headers });
}
