#!/usr/bin/env node
// The Scalar API reference's browser bundle that /api/v1/docs serves (workers/v1/docs/
// scalar-bundle.ts). The Worker needs only this one file of @scalar/api-reference, whose
// own dependency tree (Vue, CodeMirror, icons: about 280 MB and 57 packages that warn
// EBADENGINE on a Node older than 22) builds it. So the package is not a dependency: its
// registry tarball is fetched with `npm pack` (npm's cache, the lockfile's integrity
// checked) and only the bundle is kept, under .vendor/ (ignored). Runs at `npm install`
// (postinstall) and does nothing when the file is already there.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const VERSION = "1.72.1";
const INTEGRITY = "sha512-XpEJ0rfc/cXbCrR+iC4kK0o/WwX2dTtGQbT049OlPKAHD6IMIFdTeGz2r+M27P2EDWKyUITRm/NzlP8z2pw/Ow==";
const target = path.join(root, ".vendor/scalar-api-reference", VERSION, "standalone.js");

if (!existsSync(target)) {
  const work = mkdtempSync(path.join(tmpdir(), "scalar-"));
  try {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", `@scalar/api-reference@${VERSION}`, "--json", "--pack-destination", work], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    const tarball = path.join(work, packed.filename);
    const digest = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (digest !== INTEGRITY)
      throw new Error(`@scalar/api-reference@${VERSION}: integrity ${digest}, expected ${INTEGRITY}`);
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/dist/browser/standalone.js"]);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(path.join(work, "package/dist/browser/standalone.js"), target);
    console.log(`scalar bundle: ${path.relative(root, target)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
