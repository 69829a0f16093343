// Test-only binding of the scan project (test/scan/vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    EDGE_SHOP_PORT: number;
    /** JSON of the real-shop judgements (test/scan/real-shops-global-setup.ts); "[]" without ../shared. */
    REAL_SHOPS: string;
  }
}
