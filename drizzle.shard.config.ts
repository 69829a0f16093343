import { defineConfig } from "drizzle-kit";

// Generate-only: the analytics shard's SQLite schema (schema/shard.ts). The
// `durable-sqlite` driver also writes migrations.js, which the AnalyticsShard imports
// and applies with drizzle-orm/durable-sqlite/migrator when it starts.
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./schema/shard.ts",
  out: "./migrations-shard",
  strict: true,
  verbose: true,
});
