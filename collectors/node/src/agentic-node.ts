import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { checkoutCallsFromAnswer, MAX_ANSWER_BYTES, READ_OPERATIONS } from "./agentic-answer.js";
import { type CheckoutCall, mayBeMcpCall, mcpCheckoutCalls, restCheckoutCall } from "./agentic-protocols.js";
import type { AnswerChunks } from "./answer-copy.js";

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
  if (rest) return READ_OPERATIONS.has(rest.operation) ? { rest } : null;
  if (!mayBeMcpCall(method, header, pathname)) return null;
  return Number(header("content-length") ?? 0) > MAX_ANSWER_BYTES ? null : { rest: null };
}

/**
 * The calls, once answered: the REST call; for MCP the checkout tools named by the
 * request body the framework parsed (`req.body`; a batch may name several), or, when it
 * parsed none, what the answer itself shows.
 */
export function nodeCheckoutCalls(
  watch: NodeCheckout,
  parsedBody: unknown,
  answer: string | null,
  contentType: string | null | undefined,
  header: Header,
): CheckoutCall[] {
  if (watch.rest) return [watch.rest];
  if (parsedBody !== undefined && parsedBody !== null && typeof parsedBody === "object")
    return mcpCheckoutCalls(parsedBody, header);
  return answer === null ? [] : checkoutCallsFromAnswer(answer, contentType, !!header("ucp-agent"));
}

export { AnswerChunks, copyNodeAnswer } from "./answer-copy.js";

/** The answer's text, decoded from its `Content-Encoding` when it is compressed; null past the bound. */
export function answerText(chunks: AnswerChunks, contentEncoding: string | null | undefined): string | null {
  const bytes = chunks.bytes();
  return bytes === null ? null : decode(bytes, contentEncoding);
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
