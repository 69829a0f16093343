#!/usr/bin/env node
// The npm registry mirror of this workplace lacks some other-platform builds (e.g.
// workerd for macOS at the version wrangler pins, biome for Android), so `npm install`
// writes a lockfile without their entries and `npm ci` then refuses it as out of sync.
// This adds the entries the public registry would have written: optional, with their
// os/cpu, so npm skips them on other platforms and fetches them on their own.
// Run after any dependency change: `node scripts/complete-lockfile.mjs`, and
// `node scripts/complete-lockfile.mjs test/e2e` for the e2e lane's tools.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "..", process.argv[2] ?? ".", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const os = /darwin/.test(name)
    ? "darwin"
    : /win(32|dows)/.test(name)
      ? "win32"
      : /android/.test(name)
        ? "android"
        : /linux/.test(name)
          ? "linux"
          : null;
  const cpu = /arm64/.test(name) ? "arm64" : /(x64|-64)/.test(name) ? "x64" : null;
  const libc = /musl/.test(name) ? "musl" : null;
  return { os, cpu, libc };
}

// Node's lookup from `fromDir` upwards; the first hit must be the wanted version.
function resolves(fromDir, name, version) {
  let dir = fromDir;
  for (;;) {
    const hit = packages[`${dir ? `${dir}/` : ""}node_modules/${name}`];
    if (hit) return hit.version === version;
    const i = dir.lastIndexOf("/node_modules/");
    if (dir === "") return false;
    dir = i === -1 ? "" : dir.slice(0, i);
  }
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  if (!location || !meta.optionalDependencies) continue;
  // The node_modules folder holding the parent: platform packages are hoisted beside it.
  const base = location.slice(0, location.lastIndexOf("node_modules/"));
  for (const [name, version] of Object.entries(meta.optionalDependencies)) {
    if (resolves(location, name, version)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os || !cpu) continue;
    const entry = { version, dev: meta.dev || undefined, optional: true, os: [os], cpu: [cpu] };
    if (libc) entry.libc = [libc];
    packages[`${base}node_modules/${name}`] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
