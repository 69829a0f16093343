import { defineConfig } from "vitest/config";

// Miniflare would fetch the `request.cf` sample from workers.cloudflare.com (offline here:
// a stack trace per runtime); its built-in placeholder is what the tests read anyway.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// The fast lane (`npm test`): every project under test/ but the end-to-end one, found by
// directory, so a new project is in it without a list to edit. Shared code and each Worker
// run inside workerd against real D1, Durable Objects and queues; the collectors in Node
// against local services. The local server, Chromium and the interop suites are the e2e
// lane (`npm run test:e2e`, vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Structured request logs are printed only for failing tests.
    silent: "passed-only",
    projects: ["test/*/vitest.config.ts", "!test/e2e/vitest.config.ts"],
  },
});
