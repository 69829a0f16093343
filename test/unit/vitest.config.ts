import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// Shared domain code runs in workerd too (it uses Web Crypto, HTMLRewriter, D1),
// without any Worker's config: just the runtime and a scratch D1.
export default defineProject({
  plugins: [
    cloudflareTest({
      remoteBindings: false,
      miniflare: {
        compatibilityDate: "2026-11-01",
        compatibilityFlags: ["nodejs_compat"],
        d1Databases: ["DB"],
        bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")) },
      },
    }),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    name: "unit",
    include: ["test/unit/**/*.test.ts"],
    setupFiles: [path.join(root, "test/setup/apply-migrations.ts")],
  },
  root,
});
