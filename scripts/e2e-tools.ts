// The e2e lane's tools (Chromium's driver and axe, the OpenAPI generators and Spectral,
// the MCP client SDKs and the conformance suite: about 450 packages) are their own
// package, test/e2e/package.json with its own lockfile, so `npm install && npm start`
// never installs them. `npm run e2e:install` installs them (npm ci); `npm run test:e2e`
// and vitest.e2e.config.ts ask for it in words when they are missing or older than the
// lockfile, rather than fail on an unresolved import.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "../test/e2e");

interface Lock {
  packages: Record<string, { version?: string; devDependencies?: Record<string, string> }>;
}

/** What is wrong with the installed e2e tools, in words, or null when they match the lockfile. */
export function e2eToolsProblem(): string | null {
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as Lock;
  const fix = "run `npm run e2e:install` (test/e2e/package.json)";
  for (const name of Object.keys(lock.packages[""]?.devDependencies ?? {})) {
    const installed = path.join(dir, "node_modules", name, "package.json");
    if (!existsSync(installed)) return `The e2e lane's tools are not installed (${name} is missing): ${fix}.`;
    const { version } = JSON.parse(readFileSync(installed, "utf8")) as { version: string };
    const locked = lock.packages[`node_modules/${name}`]?.version;
    if (version !== locked)
      return `The e2e lane's tools are out of date (${name} ${version}, the lockfile says ${locked}): ${fix}.`;
  }
  return null;
}

if (process.argv.includes("--check")) {
  const problem = e2eToolsProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
