import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// The v1 Worker imports the API reference's bundle, which `npm install` fetches
// (scripts/scalar-bundle.mjs); say so rather than fail on an unresolved import.
if (!existsSync(path.join(import.meta.dirname, ".vendor/scalar-api-reference/standalone.js")))
  throw new Error("The API reference's bundle (.vendor/scalar-api-reference/) is missing: run `npm install`.");

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
