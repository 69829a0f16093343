#!/usr/bin/env node
// The Scalar API reference's browser bundle that /api/v1/docs serves (workers/v1/docs/
// scalar-bundle.ts). The Worker needs only this one file of @scalar/api-reference, whose
// own dependency tree (Vue, CodeMirror, icons: about 280 MB and 57 packages that warn
// EBADENGINE on a Node older than 22) builds it. So the package is not a dependency: its
// registry tarball is fetched with `npm pack` and only the bundle is kept, under .vendor/
// (ignored). Runs at `npm install` (postinstall); does nothing when the kept file is this
// version's.
//
// --prefer-offline: npm's cache answers when it holds the tarball, so an offline
// `npm install` with a warm cache takes seconds (without it npm retries the registry for
// minutes before it falls back to the cache). The tarball's sha512 is checked against
// the integrity npm's lockfile recorded for this version before the file is kept.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const VERSION = "1.72.1";
const INTEGRITY = "sha512-XpEJ0rfc/cXbCrR+iC4kK0o/WwX2dTtGQbT049OlPKAHD6IMIFdTeGz2r+M27P2EDWKyUITRm/NzlP8z2pw/Ow==";
/** The file workers/v1/docs/scalar-bundle.ts imports (no version in its name, so a bump edits this script only). */
export const SCALAR_BUNDLE = path.join(root, ".vendor/scalar-api-reference/standalone.js");
/** The integrity of the tarball the kept file came from: another one means fetch again. */
const stamp = path.join(root, ".vendor/scalar-api-reference/integrity");

/** Whether the kept bundle is this version's. */
export function scalarBundleReady() {
  return existsSync(SCALAR_BUNDLE) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === INTEGRITY;
}

function fetchBundle() {
  const work = mkdtempSync(path.join(tmpdir(), "scalar-"));
  try {
    const [packed] = JSON.parse(
      execFileSync(
        "npm",
        ["pack", `@scalar/api-reference@${VERSION}`, "--json", "--prefer-offline", "--pack-destination", work],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      ),
    );
    const tarball = path.join(work, packed.filename);
    const digest = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (digest !== INTEGRITY)
      throw new Error(`@scalar/api-reference@${VERSION}: integrity ${digest}, expected ${INTEGRITY}`);
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/dist/browser/standalone.js"]);
    mkdirSync(path.dirname(SCALAR_BUNDLE), { recursive: true });
    renameSync(path.join(work, "package/dist/browser/standalone.js"), SCALAR_BUNDLE);
    writeFileSync(stamp, `${INTEGRITY}\n`);
    console.log(`scalar bundle: @scalar/api-reference@${VERSION} -> ${path.relative(root, SCALAR_BUNDLE)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && !scalarBundleReady()) fetchBundle();
