// Test-only bindings of the monitor tests (test/scan/monitors-global-setup.ts).
declare namespace Cloudflare {
  interface Env {
    MONITORED_SHOP_PORT: number;
    DOWNABLE_SHOP_PORT: number;
    WEBHOOK_RECEIVER_PORT: number;
  }
}
