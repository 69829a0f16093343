import type { CheckoutResult } from "./agentic-answer.js";
import type { CheckoutCall } from "./agentic-protocols.js";
import { cleanIp, type EventRecord, forwardedHeaders, type RequestFacts } from "./record.js";

/**
 * The credential headers Known Agents' Node SDK strips before it sends a request's
 * headers (knownagents/node-sdk, src/headers.ts, `filteredHeaderNames`: these 22 names).
 * A record here never carries request headers beyond `forwardedHeaders`' four, so none
 * of these can leave the shop; the list is checked once more on every order record
 * (`withoutCredentials`) and by the tests, so a later change to the forwarded set cannot
 * let one through.
 */
export const CREDENTIAL_HEADERS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "api-key",
  "apikey",
  "x-auth-token",
  "x-access-token",
  "x-id-token",
  "x-refresh-token",
  "x-session-token",
  "session-token",
  "csrf-token",
  "x-csrf-token",
  "xsrf-token",
  "x-xsrf-token",
  "x-amz-security-token",
  "x-goog-api-key",
  "x-client-secret",
  "client-secret",
  "private-token",
] as const;

const CREDENTIALS = new Set<string>(CREDENTIAL_HEADERS);
const MAX_PATH = 2048;
const MAX_USER_AGENT = 1024;

function withoutCredentials(headers: EventRecord["headers"]): EventRecord["headers"] {
  if (!headers) return undefined;
  const kept = Object.entries(headers).filter(([name]) => !CREDENTIALS.has(name.toLowerCase()));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The record of one agentic checkout's end: the request's identity (User-Agent, IP, Web
 * Bot Auth headers, `UCP-Agent`) so the service identifies and verifies the agent as it
 * does every request, and the order's protocol, ids, amount, currency and outcome.
 * The path goes without its query; no body, no other header, no buyer, address or
 * payment field. Null when the checkout has no id to count it by.
 */
export function toOrderRecord(
  facts: RequestFacts,
  call: CheckoutCall,
  result: CheckoutResult,
  now: number,
  domain: string | undefined,
): EventRecord | null {
  const checkoutId = result.checkoutId ?? call.checkoutId;
  if (!checkoutId) return null;
  const url = typeof facts.url === "string" ? new URL(facts.url) : facts.url;
  const header = (name: string) => {
    if (name === "ucp-agent" && call.ucpAgent) return call.ucpAgent;
    // ACP's own `Signature` (over the body, without `Signature-Input`) is no Web Bot Auth
    // signature: only an RFC 9421 pair is forwarded.
    if (name === "signature" && !facts.header("signature-input")) return null;
    return facts.header(name) ?? null;
  };
  const headers = withoutCredentials(forwardedHeaders(header));
  return {
    timestamp: facts.timestamp ?? now,
    domain: domain ?? url.hostname,
    path: url.pathname.slice(0, MAX_PATH),
    method: facts.method.toUpperCase(),
    status: facts.status,
    user_agent: (call.userAgent ?? facts.header("user-agent"))?.slice(0, MAX_USER_AGENT) || null,
    ip: cleanIp(facts.ip),
    referer: null,
    ...(headers ? { headers } : {}),
    order: {
      protocol: call.protocol,
      binding: call.binding,
      outcome: result.outcome,
      checkout_id: checkoutId,
      ...(result.orderId ? { order_id: result.orderId } : {}),
      ...(result.amountMinor !== null ? { amount_minor: result.amountMinor } : {}),
      ...(result.currency ? { currency: result.currency } : {}),
    },
  };
}

/**
 * Checkout ends already queued by this process: an agent's retry with the same
 * `Idempotency-Key` gets the same answer (ACP rfc.agentic_checkout.md §6; UCP
 * checkout-rest.md, "Idempotency-Key") and is not sent twice. Bounded; the service
 * stores each checkout once anyway, so a key forgotten here costs one duplicate record.
 */
export class ReportedCheckouts {
  private readonly keys = new Set<string>();
  constructor(private readonly max = 5_000) {}

  /** True the first time this checkout's end is seen. */
  first(order: NonNullable<EventRecord["order"]>): boolean {
    const key = `${order.protocol}\u0000${order.checkout_id}\u0000${order.outcome}`;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.max) this.keys.delete(this.keys.values().next().value as string);
    return true;
  }
}
