/** Why an outbound fetch was refused or failed. Stable strings: callers branch on them. */
export type OutboundErrorCode =
  | "invalid_url"
  | "scheme_not_allowed"
  | "port_not_allowed"
  | "ip_literal"
  | "private_host"
  | "redirect_forbidden"
  | "too_many_redirects"
  | "timeout"
  | "network"
  | "method_not_allowed"
  | "rate_limited";

/** The one error type of the outbound layer; `code` says which guard or failure fired. */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  readonly url: string;

  constructor(code: OutboundErrorCode, url: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "OutboundError";
    this.code = code;
    this.url = url;
  }
}
