import { MAX_LINE_BYTES, plainText } from "../drains/read-batch";

/** One line of a log file with its number in the file (blank lines are numbered too, as editors do). */
export interface LogFileLine {
  line: number;
  text: string;
}

/**
 * A log file's lines as a stream, in chunks as the bytes arrive: gzip told by its magic
 * bytes and decompressed on the way, with the drain body's bounds (shared/drains/read-batch.ts:
 * BodyTooLarge, BodyUnreadable). Lines are numbered like `npm run import-logs` numbers
 * them, so a line's id (log-line-id.ts) is the same whichever way the file came in.
 * A line over MAX_LINE_BYTES is cut to its first MAX_LINE_BYTES characters: its reader
 * then refuses it as malformed, with its number.
 */
export async function* readLogLines(body: ReadableStream<Uint8Array>): AsyncGenerator<LogFileLine[]> {
  let tail = "";
  let lineNo = 0;
  for await (const piece of plainText(body)) {
    const text = tail + piece;
    const out: LogFileLine[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      const raw = text.slice(start, nl);
      start = nl + 1;
      lineNo++;
      out.push({ line: lineNo, text: (raw.endsWith("\r") ? raw.slice(0, -1) : raw).slice(0, MAX_LINE_BYTES) });
    }
    tail = text.slice(start);
    if (tail.length > MAX_LINE_BYTES) tail = tail.slice(0, MAX_LINE_BYTES + 1);
    if (out.length > 0) yield out;
  }
  if (tail !== "")
    yield [{ line: lineNo + 1, text: (tail.endsWith("\r") ? tail.slice(0, -1) : tail).slice(0, MAX_LINE_BYTES) }];
}
