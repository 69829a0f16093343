import type { WindowState } from "./window";

/**
 * The `X-RateLimit-*` headers of one window, for the v1 API and the Scan API alike
 * (contract "Limits"; Reset is an absolute Unix time in seconds), plus `Retry-After`
 * (integer seconds) on a refusal.
 */
export function rateLimitHeaders(window: WindowState | undefined, retryAfter?: number): Record<string, string> {
  const headers: Record<string, string> = {};
  if (window) {
    headers["X-RateLimit-Limit"] = String(window.limit);
    headers["X-RateLimit-Remaining"] = String(window.remaining);
    headers["X-RateLimit-Used"] = String(window.used);
    headers["X-RateLimit-Reset"] = String(window.resetAt);
  }
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return headers;
}
