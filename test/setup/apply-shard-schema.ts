import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The unit project's ANALYTICS database starts from an analytics shard's schema (the
// shard's committed migrations, squashed at config time like D1's): the tables the
// rollup and the reports read, which D1 no longer holds.
await applyD1Migrations(env.ANALYTICS, env.TEST_SHARD_MIGRATIONS);
