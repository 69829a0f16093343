import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { checkoutCallFromAnswer, MAX_ANSWER_BYTES } from "./agentic-answer.js";
import { type CheckoutCall, mayBeMcpCall, mcpCheckoutCall, restCheckoutCall } from "./agentic-protocols.js";

/**
 * The Node side of agentic checkout (Express, plain `node:http`, Fastify): which request
 * may be a checkout call, decided before the shop answers, and the answer's text from
 * the chunks the shop wrote, read after it has been sent. Node-only (node:zlib), so the
 * edge adapters never import it.
 */
export interface NodeCheckout {
  /** The REST call, known from method, path and headers; null for an MCP candidate. */
  rest: CheckoutCall | null;
}

type Header = (name: string) => string | null | undefined;

/** A checkout call whose answer must be read (complete, cancel), an MCP candidate, or null. */
export function nodeCheckoutOf(method: string, path: string, header: Header): NodeCheckout | null {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = restCheckoutCall(method, pathname, header);
  if (rest) return rest.operation === "complete" || rest.operation === "cancel" ? { rest } : null;
  if (!mayBeMcpCall(method, header, pathname)) return null;
  return Number(header("content-length") ?? 0) > MAX_ANSWER_BYTES ? null : { rest: null };
}

/**
 * The call, once answered: the REST call; for MCP the tool named by the request body the
 * framework parsed (`req.body`), or, when it parsed none, what the answer itself shows.
 */
export function nodeCheckoutCall(
  watch: NodeCheckout,
  parsedBody: unknown,
  answer: string | null,
  contentType: string | null | undefined,
  header: Header,
): CheckoutCall | null {
  if (watch.rest) return watch.rest;
  if (parsedBody !== undefined && parsedBody !== null && typeof parsedBody === "object")
    return mcpCheckoutCall(parsedBody, header);
  return answer === null ? null : checkoutCallFromAnswer(answer, contentType, !!header("ucp-agent"));
}

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

  /** The answer's text, decoded from its `Content-Encoding` when it is compressed. */
  text(contentEncoding: string | null | undefined): string | null {
    if (this.over) return null;
    return decode(Buffer.concat(this.chunks), contentEncoding);
  }
}

/** Text of a body as sent, compressed or not; null when it cannot be read within the bound. */
export function decode(body: Buffer, contentEncoding: string | null | undefined): string | null {
  const coding = contentEncoding?.trim().toLowerCase() || "identity";
  const options = { maxOutputLength: MAX_ANSWER_BYTES };
  try {
    if (coding === "identity") return body.toString("utf8");
    if (coding === "gzip" || coding === "x-gzip") return gunzipSync(body, options).toString("utf8");
    if (coding === "deflate") return inflateSync(body, options).toString("utf8");
    if (coding === "br") return brotliDecompressSync(body, options).toString("utf8");
  } catch {
    // Compressed after the copy was taken (a compression middleware registered before
    // the collector): the copy is the plain text.
    return body.toString("utf8");
  }
  return null;
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
  const write = res.write as (...args: unknown[]) => unknown;
  const end = res.end as (...args: unknown[]) => unknown;
  (res as { write: unknown }).write = function (this: unknown, ...args: unknown[]) {
    try {
      chunks.add(args[0], args[1]);
    } catch {
      // Never in the shop's way.
    }
    return write.apply(this, args);
  };
  (res as { end: unknown }).end = function (this: unknown, ...args: unknown[]) {
    try {
      chunks.add(args[0], args[1]);
    } catch {
      // Never in the shop's way.
    }
    return end.apply(this, args);
  };
  return chunks;
}
