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

/** Counts the bytes passing through and fails past `max`. */
function bounded(max: number, limit: "body" | "text"): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) throw new BodyTooLarge(limit);
      controller.enqueue(chunk);
    },
  });
}

/** The body's bytes, decompressed when it starts with the gzip magic bytes (RFC 1952 §2.3.1). */
export async function plainBytes(body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = body.pipeThrough(bounded(MAX_BODY_BYTES, "body")).getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.byteLength > 0) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = head.byteLength >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const plain = gzip
    ? rest.pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
    : rest;
  return plain.pipeThrough(bounded(MAX_TEXT_BYTES, "text"));
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
  const stream = await plainBytes(body);
  const reader = stream
    .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
    .getReader();
  let tail = "";
  let lineNo = 0;
  let skippingLong = false;
  let arrayBody: string[] | null = null;
  let started = false;
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (e instanceof BodyTooLarge) throw e;
      throw new BodyUnreadable(e instanceof Error ? e.message : String(e));
    }
    if (chunk.done) break;
    let text = chunk.value;
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
