import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Storage is isolated per test file; every file starts from the schema of the committed
// migrations, squashed once at config time (test/squashed-schema.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
