/**
 * Reading a drain body as lines, streaming: gzip is recognised by its magic bytes (the
 * vendors differ in whether they say so in Content-Encoding) and decompressed with the
 * platform's DecompressionStream; the text is split at newlines as it arrives, so a
 * batch is never held whole. A body that is one JSON array (Vercel's `json` delivery,
 * Logpush with `batch_prefix: "["`) is read whole (it cannot be split before it is
 * parsed) and each element is one line.
 */

/** Longest line kept; a longer one is answered `line_too_long` and skipped to its newline. */
export const MAX_LINE_BYTES = 64 * 1024;
/** Bound on the bytes sent (compressed or not). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Bound on the decompressed text. */
export const MAX_TEXT_BYTES = 256 * 1024 * 1024;

export type BatchLine =
  | { line: number; value: unknown }
  | { line: number; problem: "invalid_json" | "line_too_long"; message: string };

export class BodyTooLarge extends Error {
  constructor(readonly limit: "body" | "text") {
    super(limit === "body" ? `body over ${MAX_BODY_BYTES} bytes` : `decompressed body over ${MAX_TEXT_BYTES} bytes`);
  }
}

export class BodyUnreadable extends Error {}

/** Decoded text is handed on in pieces of at least this many characters (fewer, larger steps). */
const TEXT_PIECE = 64 * 1024;

/** Decompressed bytes asked for per read where the runtime can fill a read (workerd). */
const INFLATED_READ = 256 * 1024;

/**
 * The decompressor's output, one read at a time, null at the end. Its default reader hands
 * out what one pass of zlib made, a few KB: about 34,000 reads (each a promise and a turn
 * of the microtask queue) for the 127 MB of text of bench:drains' batch. workerd's BYOB
 * reader has `readAtLeast`, which fills a 256 KB buffer before answering: about 500
 * reads, and reading that batch took about a fifth less time (docs/performance/log.md,
 * "Drains", issue 46). A runtime without `readAtLeast` gets the default reader.
 */
function inflatedReads(readable: ReadableStream<Uint8Array>): () => Promise<Uint8Array | null> {
  if (typeof ReadableStreamBYOBReader !== "undefined" && "readAtLeast" in ReadableStreamBYOBReader.prototype) {
    const reader = readable.getReader({ mode: "byob" });
    let buffer = new ArrayBuffer(INFLATED_READ);
    return async () => {
      for (;;) {
        const read = await reader.readAtLeast(INFLATED_READ / 2, new Uint8Array(buffer));
        // The read hands the buffer back (a BYOB read transfers it); the text decoder
        // copies what it decodes, so the next read can fill the same memory.
        if (read.value) buffer = read.value.buffer as ArrayBuffer;
        if (read.value && read.value.byteLength > 0) return read.value;
        if (read.done) return null;
      }
    };
  }
  const reader = readable.getReader();
  return async () => {
    const read = await reader.read();
    return read.done ? null : read.value;
  };
}

/**
 * The body as text, streaming, in pieces of about TEXT_PIECE characters: decompressed
 * when it starts with the gzip magic bytes (RFC 1952 §2.3.1), both bounds counted as the
 * bytes pass. Written as one loop over the body's reader and the decompressor's, not a
 * chain of JS TransformStreams: each stage of such a chain costs promises per chunk, and
 * the decompressor hands out a few KB per read (about 3,500 reads for 13 MB of text),
 * which made the chain most of a drain batch's time (docs/performance/log.md, "Drains").
 */
export async function* plainText(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  let sent = 0;
  const count = (chunk: Uint8Array) => {
    sent += chunk.byteLength;
    if (sent > MAX_BODY_BYTES) throw new BodyTooLarge("body");
  };
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  count(head);
  const gzip = head.byteLength >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  // The next chunk of plain bytes, or null at the end: a plain async function rather than
  // an async generator, whose every step costs more promises than a read (the decompressor
  // hands out a few KB per read: tens of thousands of reads for a 10 MB batch).
  let next: () => Promise<Uint8Array | null>;
  let pumped: Promise<void> = Promise.resolve();
  if (gzip) {
    const inflate = new DecompressionStream("gzip");
    const writer = inflate.writable.getWriter();
    // The compressed side is written as it arrives; a failure there (the body's bound)
    // aborts the decompressor, and is the error its reader reports.
    let pumpError: unknown = null;
    pumped = (async () => {
      try {
        await writer.write(head);
        if (!first.done)
          for (let more = await reader.read(); !more.done; more = await reader.read()) {
            count(more.value);
            await writer.write(more.value);
          }
        await writer.close();
      } catch (e) {
        pumpError = e;
        await writer.abort(e).catch(() => {});
        await reader.cancel(e).catch(() => {});
      }
    })();
    const read = inflatedReads(inflate.readable as ReadableStream<Uint8Array>);
    next = async () => {
      let chunk: Uint8Array | null;
      try {
        chunk = await read();
      } catch (e) {
        throw pumpError ?? e;
      }
      if (chunk === null && pumpError) throw pumpError;
      return chunk;
    };
  } else {
    let sentHead = false;
    next = async () => {
      if (!sentHead) {
        sentHead = true;
        if (head.byteLength > 0) return head;
      }
      if (first.done) return null;
      const read = await reader.read();
      if (read.done) return null;
      count(read.value);
      return read.value;
    };
  }
  const decoder = new TextDecoder();
  let decoded = 0;
  let piece = "";
  try {
    for (let chunk = await next(); chunk !== null; chunk = await next()) {
      decoded += chunk.byteLength;
      if (decoded > MAX_TEXT_BYTES) throw new BodyTooLarge("text");
      piece += decoder.decode(chunk, { stream: true });
      if (piece.length >= TEXT_PIECE) {
        yield piece;
        piece = "";
      }
    }
  } catch (e) {
    if (e instanceof BodyTooLarge) throw e;
    throw new BodyUnreadable(e instanceof Error ? e.message : String(e));
  } finally {
    await pumped;
  }
  piece += decoder.decode();
  if (piece !== "") yield piece;
}

function parseLine(line: number, text: string): BatchLine {
  try {
    return { line, value: JSON.parse(text) };
  } catch {
    return { line, problem: "invalid_json", message: "not a JSON value" };
  }
}

/**
 * The body's lines in order, numbered from 1; blank lines are not counted. Throws
 * BodyTooLarge past the bounds and BodyUnreadable when gzip data is corrupt; the lines
 * yielded before stay valid.
 */
export async function* readBatchLines(body: ReadableStream<Uint8Array>): AsyncGenerator<BatchLine[]> {
  let tail = "";
  let lineNo = 0;
  let skippingLong = false;
  let arrayBody: string[] | null = null;
  let started = false;
  for await (let text of plainText(body)) {
    if (!started) {
      const trimmed = text.trimStart();
      if (trimmed === "") continue;
      started = true;
      text = trimmed;
      if (text.startsWith("[")) arrayBody = [];
    }
    if (arrayBody) {
      arrayBody.push(text);
      continue;
    }
    const out: BatchLine[] = [];
    let start = 0;
    let text2 = tail + text;
    tail = "";
    for (;;) {
      const nl = text2.indexOf("\n", start);
      if (nl === -1) break;
      const raw = text2.slice(start, nl);
      start = nl + 1;
      if (skippingLong) {
        skippingLong = false;
        continue;
      }
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.trim() === "") continue;
      lineNo++;
      out.push(
        line.length > MAX_LINE_BYTES
          ? { line: lineNo, problem: "line_too_long", message: `line longer than ${MAX_LINE_BYTES} bytes` }
          : parseLine(lineNo, line),
      );
    }
    text2 = text2.slice(start);
    if (!skippingLong && text2.length > MAX_LINE_BYTES) {
      lineNo++;
      out.push({ line: lineNo, problem: "line_too_long", message: `line longer than ${MAX_LINE_BYTES} bytes` });
      skippingLong = true;
      text2 = "";
    } else if (skippingLong) text2 = "";
    tail = text2;
    if (out.length > 0) yield out;
  }
  if (arrayBody) {
    yield arrayLines(arrayBody.join(""));
    return;
  }
  const last = tail.endsWith("\r") ? tail.slice(0, -1) : tail;
  if (!skippingLong && last.trim() !== "") yield [parseLine(lineNo + 1, last)];
}

function arrayLines(text: string): BatchLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [{ line: 1, problem: "invalid_json", message: "the body starts with [ but is not a JSON array" }];
  }
  if (!Array.isArray(parsed)) return [{ line: 1, problem: "invalid_json", message: "not a JSON array" }];
  return parsed.map((value, i) => ({ line: i + 1, value }));
}
