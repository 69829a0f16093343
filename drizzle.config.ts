import { defineConfig } from "drizzle-kit";

// Generate-only: drizzle-kit writes SQL, wrangler applies it (locally and in production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/index.ts",
  out: "./migrations",
  strict: true,
  verbose: true,
});
