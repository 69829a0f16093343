// Test-only bindings, added to each Worker's generated Env by the vitest configs.
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** JSON scrypt parameters for new password hashes in the app project (test/app/worker-main.ts). */
    TEST_PASSWORD_HASH_PARAMS?: string;
  }
}
