import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";

// A project's test files run one after another in one runtime (isolate: false,
// test/worker-project.ts). reset() deletes what the file before left in every binding (D1,
// Durable Objects, KV, R2), so each file still starts from empty storage, then from the
// schema of the committed migrations, squashed once at config time (test/squashed-schema.ts).
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
