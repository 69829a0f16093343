import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { snippetBuild } from "../../workers/ingest/snippet/snippet-build.generated";

const root = path.resolve(import.meta.dirname, "../..");

describe("snippet build", () => {
  it("is current: the committed build matches agent.js", async () => {
    await expect(
      promisify(execFile)(process.execPath, [path.join(root, "workers/ingest/snippet/build.mjs"), "--check"]),
    ).resolves.toBeTruthy();
  });

  it("stays under 1.5 KB gzipped", () => {
    expect(gzipSync(Buffer.from(snippetBuild.code), { level: 9 }).length).toBeLessThan(1536);
    expect(snippetBuild.gzipBytes).toBeLessThan(1536);
  });
});
