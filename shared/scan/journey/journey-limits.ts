// The journey's bounds, on top of the crawl's (crawl-limits.ts): a scan sends at most
// 25 crawl requests plus 16 journey requests, 41 in all, a hard cap (docs/scan.md).
// Every redirect hop is a request. The journey has its own 10 s deadline after the
// crawl's 20 s, and sends at most one cart mutation per path it tries.
export const JOURNEY_LIMITS = {
  maxRequests: 16,
  timeoutMs: 10_000,
  requestTimeoutMs: 8000,
  maxRedirects: 5,
  /** Product answers and carts are small; a 512 KiB cap keeps a hostile answer cheap. */
  maxBytes: 512 * 1024,
} as const;
