// Crawl bounds (scan-checks.md "Caps"): 25 requests, 2 MB per response, 8 s per
// request, 20 s per scan, 6 in flight per host, 5 redirects.
export const CRAWL_LIMITS = {
  maxRequests: 25,
  maxBytes: 2 * 1024 * 1024,
  requestTimeoutMs: 8000,
  scanTimeoutMs: 20_000,
  perHostConcurrency: 6,
  /**
   * Of the 6, the slots requests nothing waits for (background, host-limiter.ts) leave to
   * the pages and the journey's chains: at most 4 background requests in flight per host.
   */
  perHostReserved: 2,
  maxRedirects: 5,
  maxProducts: 3,
} as const;
