// Test-only bindings, added to each Worker's generated Env by the vitest configs.
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
