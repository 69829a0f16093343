import { defineConfig } from "vitest/config";
import { e2eToolsProblem } from "./scripts/e2e-tools.ts";

// Miniflare would fetch the `request.cf` sample from workers.cloudflare.com (offline here:
// a stack trace per runtime); its built-in placeholder is what the tests read anyway.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// The e2e lane (`npm run test:e2e`): the real local server that `npm start` runs, pages in
// Chromium, and the interop suites (OpenAPI generators, MCP clients and conformance) against
// it. Its test-only tools are their own package, installed by `npm run e2e:install`
// (test/e2e/package.json, scripts/e2e-tools.ts); without them the lane says so and stops.
const problem = e2eToolsProblem();
if (problem) throw new Error(problem);

export default defineConfig({
  test: {
    silent: "passed-only",
    projects: ["test/e2e/vitest.config.ts"],
  },
});
