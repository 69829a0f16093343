// The one code catalogue (docs/decisions.md#2-v1-errors). Clients branch on `code`; `message` is the
// default human text and may be reworded; `when` is docs/api.md's "when" column (that table
// is generated from here: `npm run docs:errors`). Adding a code is additive; never rename one.
export const errorCatalogue = {
  unauthorized: {
    status: 401,
    message: "Missing or invalid API key",
    when: 'missing, malformed, unknown or revoked key; with `WWW-Authenticate: Bearer realm="api"`',
  },
  insufficient_scope: {
    status: 403,
    message: "The API key lacks the scope this operation needs",
    when: "the key lacks the operation's scope; `WWW-Authenticate` names the scope",
  },
  invalid_request: {
    status: 400,
    message: "The request is invalid",
    when: "body not JSON, or a parameter fails validation; `details: [{field, message}]`",
  },
  invalid_domain: {
    status: 400,
    message: "The domain is malformed",
    when: "domain malformed (scheme, path, port, userinfo, IP literal, bad label, too long)",
  },
  public_suffix: {
    status: 400,
    message: "A bare public or hosting suffix cannot be registered",
    when: "registering a bare public or hosting suffix (`co.uk`, `myshopify.com`, `github.io`)",
  },
  invalid_window: {
    status: 400,
    message: "The time window is invalid",
    when: "`from` in the future, a window over 90 days, or `from` after `to`",
  },
  invalid_timezone: {
    status: 400,
    message: "The time zone is unknown",
    when: "`timezone` is not an IANA time zone name the service knows (`Europe/Berlin`, `UTC`)",
  },
  invalid_cursor: {
    status: 400,
    message: "The cursor is invalid",
    when: "a cursor that was edited, made up, or issued to another workspace or list",
  },
  site_not_found: {
    status: 404,
    message: "No site with that domain in this workspace",
    when: "domain or site id not registered in the caller's workspace",
  },
  session_not_found: {
    status: 404,
    message: "No session with that id in this workspace",
    when: "session not found in the caller's workspace",
  },
  monitor_not_found: {
    status: 404,
    message: "No monitor with that id in this workspace",
    when: "monitor not found in the caller's workspace",
  },
  delivery_not_found: {
    status: 404,
    message: "The monitor has no delivery with that id",
    when: "the monitor has no delivery with that id",
  },
  limit_reached: {
    status: 403,
    message: "The workspace has reached its site limit",
    when: "a new domain when the workspace holds 1,000 sites, a new monitor at 1,000 monitors",
  },
  payload_too_large: {
    status: 413,
    message: "The request body is too large",
    when: "a request body over the operation's bound (16 KiB for site bodies)",
  },
  origin_not_allowed: {
    status: 403,
    message: "This token is not accepted from this Origin",
    when: "a public token used from an Origin that is not the site's domain (ingest)",
  },
  host_not_allowed: {
    status: 403,
    message: "This service does not answer on that host name",
    when: "`/mcp` or an OAuth endpoint asked under a Host that is not the service's (DNS rebinding)",
  },
  rate_limited: {
    status: 429,
    message: "Rate limit exceeded",
    when: "a per-minute or per-day window is used up; `Retry-After` says when to retry",
  },
  not_found: { status: 404, message: "Not found", when: "no such route" },
  method_not_allowed: {
    status: 405,
    message: "Method not allowed",
    when: "the route exists, the method does not; `Allow` lists the methods",
  },
  internal_error: { status: 500, message: "Internal error", when: "anything unexpected (logged with the request id)" },
  drain_not_found: {
    status: 404,
    message: "No drain with that id in this workspace",
    when: "no log drain with that id in the caller's workspace",
  },
  invalid_drain_secret: {
    status: 401,
    message: "Missing or wrong drain secret, or a revoked drain",
    when: "a log drain batch with a missing, wrong or revoked secret (ingest)",
  },
  policy_version_conflict: {
    status: 409,
    message: "The policy changed since the version this edit started from",
    when: "saving a site's agent policy with a `version` that is no longer the current one; read it again",
  },
  invalid_signature: {
    status: 401,
    message: "The x-vercel-signature header does not match the body",
    when: "a Vercel drain batch whose `x-vercel-signature` does not match its body (ingest)",
  },
} as const satisfies Record<string, { status: number; message: string; when: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export type ErrorStatus = (typeof errorCatalogue)[ErrorCode]["status"];

export function statusOf(code: ErrorCode): ErrorStatus {
  return errorCatalogue[code].status;
}
