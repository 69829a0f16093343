// The one code catalogue (docs/decisions.md#2-v1-errors). Clients branch on `code`; `message` is the
// default human text and may be reworded. Adding a code is additive; never rename one.
export const errorCatalogue = {
  unauthorized: { status: 401, message: "Missing or invalid API key" },
  insufficient_scope: { status: 403, message: "The API key lacks the scope this operation needs" },
  invalid_request: { status: 400, message: "The request is invalid" },
  invalid_domain: { status: 400, message: "The domain is malformed" },
  public_suffix: { status: 400, message: "A bare public or hosting suffix cannot be registered" },
  invalid_window: { status: 400, message: "The time window is invalid" },
  invalid_cursor: { status: 400, message: "The cursor is invalid" },
  site_not_found: { status: 404, message: "No site with that domain in this workspace" },
  session_not_found: { status: 404, message: "No session with that id in this workspace" },
  monitor_not_found: { status: 404, message: "No monitor with that id in this workspace" },
  delivery_not_found: { status: 404, message: "The monitor has no delivery with that id" },
  limit_reached: { status: 403, message: "The workspace has reached its site limit" },
  payload_too_large: { status: 413, message: "The request body is too large" },
  origin_not_allowed: { status: 403, message: "This token is not accepted from this Origin" },
  host_not_allowed: { status: 403, message: "This service does not answer on that host name" },
  rate_limited: { status: 429, message: "Rate limit exceeded" },
  not_found: { status: 404, message: "Not found" },
  method_not_allowed: { status: 405, message: "Method not allowed" },
  internal_error: { status: 500, message: "Internal error" },
  drain_not_found: { status: 404, message: "No drain with that id in this workspace" },
  invalid_drain_secret: { status: 401, message: "Missing or wrong drain secret, or a revoked drain" },
  invalid_signature: { status: 401, message: "The x-vercel-signature header does not match the body" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export type ErrorStatus = (typeof errorCatalogue)[ErrorCode]["status"];

export function statusOf(code: ErrorCode): ErrorStatus {
  return errorCatalogue[code].status;
}
