import type { OutboundErrorCode } from "../outbound/outbound-error";

// What came back from an outbound request (a webhook delivery, a fetch of the scanner),
// in words: an HTTP status, or why nothing came. The API keeps the status code (null
// when no answer came) and the outbound layer's codes (shared/outbound/outbound-error.ts).

/** Why an address was refused or a request got no answer, per outbound code, as the end of a sentence. */
export const OUTBOUND_REASONS: Record<OutboundErrorCode, string> = {
  invalid_url: "it is not a valid web address",
  scheme_not_allowed: "only https addresses can be used",
  port_not_allowed: "only the standard port can be used: remove the :port after the host name",
  ip_literal: "it names an IP address: give the host's name instead",
  private_host: "its host is local or internal, not a public host on the internet",
  redirect_forbidden: "the receiver answered with a redirect, which is not followed",
  too_many_redirects: "the receiver redirected too many times",
  timeout: "no answer came within the time limit",
  network: "no answer came: the host could not be reached",
  method_not_allowed: "only GET and HEAD requests are sent there",
  rate_limited: "too many requests went to it recently: try again later",
};

/** "HTTP 404", or "no answer" when no HTTP answer came (a status of 0 or none). */
export function httpAnswerText(status: number | null | undefined): string {
  return status === null || status === undefined || status === 0 ? "no answer" : `HTTP ${status}`;
}

/**
 * A failed attempt as stored (`<outbound code>: <message>`, shared/webhooks/send-webhook.ts)
 * in words; anything else is shown as stored.
 */
export function failureText(stored: string): string {
  const code = stored.slice(0, stored.indexOf(":"));
  return Object.hasOwn(OUTBOUND_REASONS, code) ? OUTBOUND_REASONS[code as OutboundErrorCode] : stored;
}
