import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type BatchLine, BodyUnreadable, MAX_LINE_BYTES, readBatchLines } from "../../../shared/drains/read-batch";

/** A body arriving in pieces of `size` bytes, as a network read would hand them out. */
function bodyOf(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function linesOf(body: ReadableStream<Uint8Array>): Promise<BatchLine[]> {
  const out: BatchLine[] = [];
  for await (const chunk of readBatchLines(body)) out.push(...chunk);
  return out;
}

// 3,000 lines of about 70 bytes: about 210 KB of text, several of the reader's 64 KB
// pieces, so lines straddle pieces and the gzip body arrives in 1,000-byte reads.
const records = Array.from({ length: 3000 }, (_, i) => ({ n: i, path: `/p/${i}`, ua: "Mozilla/5.0 ü" }));
const text = records.map((r, i) => (i % 7 === 0 ? `${JSON.stringify(r)}\r` : JSON.stringify(r))).join("\n");

describe("reading a drain body", () => {
  it("reads every line of a gzip body delivered in small reads, across pieces, CRLF and UTF-8 intact", async () => {
    const lines = await linesOf(bodyOf(gzipSync(text), 1000));
    expect(lines).toHaveLength(3000);
    expect(lines.map((l) => ("value" in l ? l.value : l))).toEqual(records);
    expect(lines.map((l) => l.line)).toEqual(records.map((_, i) => i + 1));
  });

  it("reads the same lines from a plain body, leading blank lines not counted", async () => {
    const plain = new TextEncoder().encode(`\n\n${text}\n`);
    const lines = await linesOf(bodyOf(plain, 4096));
    expect(lines.map((l) => ("value" in l ? l.value : l))).toEqual(records);
  });

  it("answers an over-long line by number and keeps the next one", async () => {
    const long = `{"x":"${"a".repeat(MAX_LINE_BYTES + 10)}"}`;
    const lines = await linesOf(bodyOf(gzipSync(`{"a":1}\n${long}\n{"b":2}\n`), 777));
    expect(lines).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, problem: "line_too_long", message: `line longer than ${MAX_LINE_BYTES} bytes` },
      { line: 3, value: { b: 2 } },
    ]);
  });

  it("yields the lines before corrupt gzip data, then fails as unreadable", async () => {
    const gz = gzipSync(text);
    // Keep the header and the first part of the deflate stream; garble what follows.
    const broken = new Uint8Array(gz.byteLength);
    broken.set(gz.subarray(0, gz.byteLength / 2));
    broken.fill(0xff, gz.byteLength / 2);
    const seen: BatchLine[] = [];
    await expect(
      (async () => {
        for await (const chunk of readBatchLines(bodyOf(broken, 1000))) seen.push(...chunk);
      })(),
    ).rejects.toBeInstanceOf(BodyUnreadable);
    expect(seen.length).toBeLessThan(3000);
    expect(seen.every((l, i) => "value" in l && l.line === i + 1)).toBe(true);
  });
});
