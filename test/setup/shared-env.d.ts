// The unit project runs shared code in workerd with a D1 for repository tests.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The committed migrations one by one, and a D1 to replay them in (squashed-schema.test.ts). */
    TEST_MIGRATIONS_ALL: import("cloudflare:test").D1Migration[];
    MIGRATED: D1Database;
    /** A scratch database with an analytics shard's schema (test/setup/apply-shard-schema.ts). */
    ANALYTICS: D1Database;
    TEST_SHARD_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
