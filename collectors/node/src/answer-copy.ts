import { MAX_ANSWER_BYTES } from "./agentic-answer.js";

/**
 * The copy of an answer as a `node:http` response writes it, for every adapter on Node
 * (Express, Fastify, Hono on @hono/node-server). No `node:` import: the Hono adapter,
 * which edge runtimes import too, uses it only where Node's response is there.
 */

/** Chunks of an answer as written, up to the bound; `over` once it is passed. */
export class AnswerChunks {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  over = false;

  add(chunk: unknown, encoding?: unknown): void {
    if (this.over || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buf =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" && Buffer.isEncoding(encoding) ? encoding : "utf8")
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : null;
    if (!buf) return;
    this.size += buf.byteLength;
    if (this.size > MAX_ANSWER_BYTES) {
      this.over = true;
      this.chunks.length = 0;
      return;
    }
    // Copied: the shop may reuse its buffer once written.
    this.chunks.push(Buffer.from(buf));
  }

  /** The bytes as written, or null once past the bound. */
  bytes(): Buffer | null {
    return this.over ? null : Buffer.concat(this.chunks);
  }
}

/**
 * Copies what a `node:http` response writes, leaving every call as it was: `write` and
 * `end` are wrapped for this one response only, and hand every argument on unchanged.
 */
export function copyNodeAnswer(res: {
  write: (...args: never[]) => unknown;
  end: (...args: never[]) => unknown;
}): AnswerChunks {
  const chunks = new AnswerChunks();
  // Each call copied, then handed on with every argument unchanged.
  const copying = (original: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      try {
        chunks.add(args[0], args[1]);
      } catch {
        // Never in the shop's way.
      }
      return original.apply(this, args);
    };
  (res as { write: unknown }).write = copying(res.write as (...args: unknown[]) => unknown);
  (res as { end: unknown }).end = copying(res.end as (...args: unknown[]) => unknown);
  return chunks;
}
