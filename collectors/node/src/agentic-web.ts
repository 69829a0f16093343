import { checkoutCallsFromAnswer, MAX_ANSWER_BYTES, READ_OPERATIONS } from "./agentic-answer.js";
import { type CheckoutCall, mayBeMcpCall, mcpCheckoutCalls, restCheckoutCall } from "./agentic-protocols.js";
import type { Collector } from "./collector.js";
import type { RequestFacts } from "./record.js";

/**
 * Reads a body stream as text, or null past `max` bytes (then stops reading it). The
 * stream is a copy (`clone()`), so the shop's own answer streams on untouched.
 */
export async function boundedText(body: ReadableStream<Uint8Array> | null, max = MAX_ANSWER_BYTES) {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

const settled = Promise.resolve();

/**
 * For runtimes of web `Request` and `Response` (Hono, Next.js route handlers, Workers):
 * called before the shop answers, it tells whether the request is, or may be, an
 * agentic checkout call (agentic-protocols.ts) and, for an MCP call, keeps a copy of the
 * request body (the tool's name is in it). Null for every other request: nothing is
 * copied and nothing runs later.
 *
 * The returned function is called with the shop's answer before that answer is handed
 * on: it copies the answer at once (synchronously) and returns a promise that reads the
 * copies and records the checkout's end, if any. An adapter that copied the answer's
 * text as it was written calls it once the answer has gone, with that text. The promise
 * never rejects; the shop's answer never waits for it (run it under `waitUntil`, or let
 * it run).
 */
export function watchWebCheckout(
  collector: Collector,
  request: Request,
): ((response: Response, facts: RequestFacts, answerText?: string | null) => Promise<void>) | null {
  const header = (name: string) => request.headers.get(name);
  let rest: CheckoutCall | null;
  let pathname: string;
  try {
    pathname = new URL(request.url).pathname;
    rest = restCheckoutCall(request.method, pathname, header);
  } catch {
    return null;
  }
  // Create and update end no order: their answers are not read at all.
  if (rest && !READ_OPERATIONS.has(rest.operation)) return null;
  let requestCopy: Request | null = null;
  if (!rest) {
    if (!mayBeMcpCall(request.method, header, pathname)) return null;
    if (Number(request.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) return null;
    try {
      requestCopy = request.clone();
    } catch {
      requestCopy = null;
    }
  }
  return (response, facts, answerText) => {
    let answerCopy: Response | null = null;
    try {
      // The answer's text when the adapter copied it as it was written (Hono on Node:
      // answer-copy.ts; null past the bound), else a copy of the Response.
      if (answerText === undefined) answerCopy = response.clone();
    } catch {
      // A body already read or locked: the shop's answer goes on, this call is not counted.
      void requestCopy?.body?.cancel().catch(() => {});
      return settled;
    }
    return (async () => {
      let calls: CheckoutCall[] | null = rest ? [rest] : null;
      const requestText = requestCopy ? await boundedText(requestCopy.body) : null;
      if (!calls && requestText !== null) {
        try {
          calls = mcpCheckoutCalls(JSON.parse(requestText), header);
        } catch {
          calls = [];
        }
        // Other tools, or not a tool call: the answer is not read.
        if (calls.length === 0) return void (await answerCopy?.body?.cancel().catch(() => {}));
      }
      const answer = answerCopy ? await boundedText(answerCopy.body) : (answerText ?? null);
      // Without the request's body, the answer alone may show checkouts' ends.
      calls ??= answer === null ? [] : checkoutCallsFromAnswer(answer, facts.contentType, !!header("ucp-agent"));
      for (const call of calls) collector.recordCheckout(facts, call, answer);
    })().catch(() => {});
  };
}
