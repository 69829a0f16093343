import { type CheckoutCall, type CommerceProtocol, idOf, isObject, rpcIdOf } from "./agentic-protocols.js";

/**
 * What a checkout call's answer says about the order, read from the shop's own response
 * (docs/integrations/agentic-checkout.md, "What is read"). Only three things are read
 * from a checkout session: its `status`, its `totals[]` entry of `type: "total"` (an
 * integer in minor units) with its `currency`, and its ids (`id`, `order.id`). Buyer,
 * addresses, line items, payment data: never read, never sent.
 */
export type CheckoutOutcome = "completed" | "canceled" | "failed";

export interface CheckoutResult {
  outcome: CheckoutOutcome;
  checkoutId: string | null;
  orderId: string | null;
  amountMinor: number | null;
  /** Upper-case ISO 4217 letters as the answer gave them (ACP sends `usd`). */
  currency: string | null;
}

/** Answers larger than this are not read (a checkout session is a few KB). */
export const MAX_ANSWER_BYTES = 1024 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The JSON-RPC messages of an MCP answer, in order: a JSON body (one message, or a batch's
 * array of them, MCP 2025-03-26), or the `data:` events of a Streamable HTTP
 * `text/event-stream` answer that hold a `result` or an `error`.
 */
function rpcMessages(body: string, contentType: string | null | undefined): Record<string, unknown>[] {
  const sse = contentType?.toLowerCase().includes("text/event-stream") || /^(event|data|id):/m.test(body.slice(0, 64));
  const flat = (v: unknown) => (Array.isArray(v) ? v : [v]).filter(isObject);
  if (!sse) return flat(parseJson(body));
  const found: Record<string, unknown>[] = [];
  for (const event of body.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    for (const v of data ? flat(parseJson(data)) : []) if ("result" in v || "error" in v) found.push(v);
  }
  return found;
}

/**
 * The answer to the call of JSON-RPC id `id` (in a batch, the one of that id). An answer
 * of one message is that call's even when its id differs (a server that echoes `"7"` for
 * `7`); among several, only the message of the call's own id is, so one call of a batch
 * never takes another's order.
 */
function rpcMessage(
  body: string,
  contentType: string | null | undefined,
  id?: string | number,
): Record<string, unknown> | null {
  const all = rpcMessages(body, contentType);
  const own = id === undefined ? undefined : all.find((m) => m.id === id);
  return own ?? (all.length === 1 ? all[0] : null);
}

/** The checkout session inside an answer: itself, or under `checkout` (an envelope). */
function sessionOf(v: unknown): Record<string, unknown> | null {
  if (!isObject(v)) return null;
  if (!("status" in v) && isObject(v.checkout)) return v.checkout;
  return v;
}

/**
 * The checkout session a tool result holds: `structuredContent` (UCP's binding), the
 * result itself (ACP's), else the JSON text of its first `content` item that is a session
 * (a server that returns only the text block MCP's tool results always carry).
 */
function toolSession(result: Record<string, unknown>): Record<string, unknown> | null {
  const session = sessionOf(isObject(result.structuredContent) ? result.structuredContent : result);
  if (session && "status" in session) return session;
  if (Array.isArray(result.content))
    for (const item of result.content) {
      if (!isObject(item) || item.type !== "text" || typeof item.text !== "string") continue;
      const inText = sessionOf(parseJson(item.text));
      if (inText && "status" in inText) return inText;
    }
  return session;
}

function totalOf(session: Record<string, unknown>): number | null {
  if (!Array.isArray(session.totals)) return null;
  const total = session.totals.find((t) => isObject(t) && t.type === "total") as Record<string, unknown> | undefined;
  const amount = total?.amount;
  return typeof amount === "number" && Number.isSafeInteger(amount) && amount >= 0 ? amount : null;
}

function currencyOf(v: unknown): string | null {
  return typeof v === "string" && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : null;
}

/**
 * Statuses a completion answers while the checkout goes on: ACP `authentication_required`
 * (3-D Secure, §4.4) and `in_progress`; UCP `complete_in_progress` (the business is still
 * placing the order) and `requires_escalation` (the buyer finishes at `continue_url`;
 * checkout.md, "Checkout Status Lifecycle").
 */
const STEP_STATUSES = new Set([
  "authentication_required",
  "in_progress",
  "complete_in_progress",
  "requires_escalation",
]);

/** An `error` entry in `messages[]` (ACP Message(error); UCP messages of `type: "error"`). */
const hasErrorMessage = (s: Record<string, unknown>) =>
  Array.isArray(s.messages) && s.messages.some((m) => isObject(m) && m.type === "error");

/** A UCP business outcome that is an error: `ucp.status: "error"` (checkout-rest.md, "Error Responses"). */
const ucpError = (s: Record<string, unknown>) => isObject(s.ucp) && s.ucp.status === "error";

function fromSession(call: CheckoutCall, session: Record<string, unknown>): CheckoutResult | null {
  const base = {
    checkoutId: call.checkoutId ?? idOf(session.id),
    orderId: isObject(session.order) ? idOf(session.order.id) : null,
    amountMinor: totalOf(session),
    currency: currencyOf(session.currency),
  };
  if (call.operation === "complete") {
    if (ucpError(session)) return { outcome: "failed", ...base };
    if (session.status === "completed") return { outcome: "completed", ...base };
    // A step, not an end, whatever its messages say: the checkout goes on (ACP 3-D Secure,
    // a payment still being authorized, the buyer's hand-off, whose messages are errors of
    // severity `requires_buyer_review` or `requires_buyer_input`). A get or a later call ends it.
    if (typeof session.status === "string" && STEP_STATUSES.has(session.status)) return null;
    // Not completed, and the answer says why (a declined payment, a missing field): the
    // attempt failed. Any other status without an error is a step too.
    return hasErrorMessage(session) ? { outcome: "failed", ...base } : null;
  }
  if (call.operation === "cancel") return session.status === "canceled" ? { outcome: "canceled", ...base } : null;
  // A get that finds the checkout ended: a completion the business finished later (UCP
  // `complete_in_progress`, a payment authorized after the call) or one the buyer finished
  // after a hand-off (`requires_escalation`, `continue_url`), which the platform learns by
  // getting the session. A get of one already counted adds nothing.
  if (call.operation === "get") {
    if (session.status === "completed") return { outcome: "completed", ...base };
    if (session.status === "canceled") return { outcome: "canceled", ...base };
  }
  return null;
}

function failed(call: CheckoutCall): CheckoutResult | null {
  return call.operation === "complete"
    ? { outcome: "failed", checkoutId: call.checkoutId, orderId: null, amountMinor: null, currency: null }
    : null;
}

/** The calls whose answers are read: the ones that end a checkout, and a get that may find it ended. */
export const READ_OPERATIONS: ReadonlySet<CheckoutCall["operation"]> = new Set(["complete", "cancel", "get"]);

/**
 * The order a checkout call's answer records, or null when it records none: create and
 * update are steps, not orders; a completion counts once it says `completed`; a cancel
 * once it says `canceled`; a get once the session it finds says either; a completion
 * answered with an error (HTTP 4xx/5xx, a JSON-RPC error, `isError`, a UCP error outcome,
 * an `error` message on a session not completed) is a failed checkout.
 */
export function readCheckoutAnswer(
  call: CheckoutCall,
  status: number,
  contentType: string | null | undefined,
  body: string | null,
): CheckoutResult | null {
  if (!READ_OPERATIONS.has(call.operation)) return null;
  if (status >= 400) return failed(call);
  if (status < 200 || status >= 300 || body === null || body.length > MAX_ANSWER_BYTES) return null;
  if (call.binding === "rest") {
    const session = sessionOf(parseJson(body));
    return session ? fromSession(call, session) : null;
  }
  const message = rpcMessage(body, contentType, call.rpcId);
  if (!message) return null;
  if ("error" in message) return failed(call);
  const result = message.result;
  if (!isObject(result)) return null;
  if (result.isError === true) return failed(call);
  const session = toolSession(result);
  return session ? fromSession(call, session) : null;
}

/**
 * Without the request body (a framework that did not parse it), an MCP answer can still
 * show completed or canceled checkout sessions: one call each, for every message of the
 * answer (a batch's answer has several) that shows one. The service stores each checkout
 * once, so a `get` of a completed session adds nothing.
 */
export function checkoutCallsFromAnswer(
  body: string,
  contentType: string | null | undefined,
  ucpHeader: boolean,
): CheckoutCall[] {
  if (body.length > MAX_ANSWER_BYTES) return [];
  const calls: CheckoutCall[] = [];
  for (const message of rpcMessages(body, contentType)) {
    const result = isObject(message.result) ? message.result : null;
    const session = result ? toolSession(result) : null;
    if (!session || (session.status !== "completed" && session.status !== "canceled")) continue;
    if (session.status === "completed" && !isObject(session.order)) continue;
    const protocol: CommerceProtocol = ucpHeader || isObject(session.ucp) ? "ucp" : "acp";
    calls.push({
      protocol,
      binding: "mcp",
      operation: session.status === "completed" ? "complete" : "cancel",
      checkoutId: idOf(session.id),
      ...rpcIdOf(message.id),
    });
  }
  return calls;
}
