import type { WindowState } from "../../../shared/rate-limit/window";

/** Contract "Limits": the per-minute window; Reset is an absolute Unix time in seconds. */
export function rateLimitHeaders(window: WindowState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(window.limit),
    "X-RateLimit-Remaining": String(window.remaining),
    "X-RateLimit-Used": String(window.used),
    "X-RateLimit-Reset": String(window.resetAt),
  };
}
