// Test-only binding of the scan project (test/scan/vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    EDGE_SHOP_PORT: number;
  }
}
