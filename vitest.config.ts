import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Structured request logs are printed only for failing tests.
    silent: "passed-only",
    projects: [
      "test/unit/vitest.config.ts",
      "test/edge/vitest.config.ts",
      "test/scan/vitest.config.ts",
      "test/ingest/vitest.config.ts",
      "test/v1/vitest.config.ts",
      "test/app/vitest.config.ts",
      "test/e2e/vitest.config.ts",
      "test/collectors/vitest.config.ts",
    ],
  },
});
