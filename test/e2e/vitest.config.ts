import path from "node:path";
import { defineProject } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// End-to-end tests run in Node against the real local server that `npm start` runs.
export default defineProject({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    globalSetup: [path.join(root, "test/e2e/global-setup.ts")],
    testTimeout: 30_000,
    hookTimeout: 150_000,
  },
  root,
});
