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
   * the pages and the journey's chains: at most 3 background requests in flight per host.
   * The chains hold 3 at once at most: the MCP probe's opening (server/discover beside
   * initialize, mcp-client.ts) and the cart's next request (with 2 reserved, the cart's
   * product page waited a whole round trip behind the opening, bench:scan).
   */
  perHostReserved: 3,
  maxRedirects: 5,
  maxProducts: 3,
} as const;
