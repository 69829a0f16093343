import { watchWebCheckout } from "./agentic-web.js";
import { Collector, type CollectorOptions } from "./collector.js";
import { gateResponse, webGateFacts } from "./policy-gate.js";

/**
 * The parts of Next.js's `NextRequest` and `NextFetchEvent` this reads, typed by shape.
 * The adapters are generic over the request and event types, so a project's own
 * middleware typed with `NextRequest` (which has `cookies`, `nextUrl`, …) is accepted as
 * it is and the wrapper is typed with it (docs/integrations/node.md, "Next.js").
 */
export interface NextRequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export interface NextFetchEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

/** What a middleware (or Next 16's `proxy`) may answer: a response, or nothing to pass the request on. */
// biome-ignore lint/suspicious/noConfusingVoidType: Next's own NextMiddlewareResult includes void (a middleware that returns nothing)
export type NextMiddlewareResult = Response | undefined | null | void;

export type NextMiddlewareLike<
  Req extends NextRequestLike = NextRequestLike,
  Ev extends NextFetchEventLike = NextFetchEventLike,
  Res extends NextMiddlewareResult = NextMiddlewareResult,
> = (request: Req, event: Ev) => Res | Promise<Res>;

export interface NextOptions<Req extends NextRequestLike = NextRequestLike> {
  /** The client IP; default the first `X-Forwarded-For` address, else `X-Real-IP` (Vercel sets both). */
  clientIp?: (request: Req) => string | null | undefined;
}

function defaultIp(request: NextRequestLike): string | null | undefined {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? request.headers.get("x-real-ip");
}

/**
 * Wraps a Next.js middleware (`middleware.ts`, or `proxy.ts` from Next 16 on) or none:
 * runs it, records the request, and sends the batch under `event.waitUntil`, after the
 * answer. Middleware runs before the page, so when it passes the request on (no answer,
 * or `NextResponse.next()`) the page's status and Content-Type are not known here: the
 * record says 200 and the path decides whether it is a page (docs/integrations/node.md,
 * "Next.js"). Agentic checkout answers come from route handlers, which middleware never
 * sees: wrap those with `withAgenticCheckout`.
 */
export function withAgentReadiness<
  Req extends NextRequestLike = NextRequestLike,
  Ev extends NextFetchEventLike = NextFetchEventLike,
  Res extends NextMiddlewareResult = NextMiddlewareResult,
>(
  collectorOrOptions: Collector | CollectorOptions,
  middleware?: NextMiddlewareLike<Req, Ev, Res>,
  options: NextOptions<Req> = {},
) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  // Edge middleware ends with the request: batches go under waitUntil, never on a timer.
  collector.useWaitUntil();
  const wrapped = async (request: Req, event: Ev): Promise<Res | Response | undefined> => {
    // The site's agent policy first (policy-gate.ts): a blocked agent never reaches the shop.
    const stop = policyStop(collector, request, event, options);
    if (stop) return stop;
    const response = middleware ? await middleware(request, event) : undefined;
    try {
      const answer = response instanceof Response ? response : null;
      const passedOn = !answer || answer.headers.get("x-middleware-next") === "1";
      collector.record({
        method: request.method,
        url: request.url,
        status: passedOn || !answer ? 200 : answer.status,
        contentType: passedOn || !answer ? null : answer.headers.get("content-type"),
        header: (name) => request.headers.get(name),
        ip: options.clientIp ? options.clientIp(request) : defaultIp(request),
      });
      event.waitUntil(collector.flushSoon());
    } catch {
      // Never in the shop's way.
    }
    return response ?? undefined;
  };
  return Object.assign(wrapped, { collector });
}

/** The gate's answer for a request, or null to go on; its background work under `event.waitUntil`. */
function policyStop<Req extends NextRequestLike>(
  collector: Collector,
  request: Req,
  event: NextFetchEventLike,
  options: NextOptions<Req>,
): Response | null {
  if (!collector.policy) return null;
  try {
    const ip = options.clientIp ? options.clientIp(request) : defaultIp(request);
    const gate = collector.policy.check(webGateFacts(request.method, request.url, (n) => request.headers.get(n), ip));
    if (gate.refresh) event.waitUntil(gate.refresh);
    if (!gate.answer) return null;
    event.waitUntil(collector.flushSoon());
    return gateResponse(gate.answer);
  } catch {
    return null;
  }
}

export interface AgenticCheckoutOptions<Req extends Request = Request> extends NextOptions<Req> {
  /**
   * Keeps the function alive until the order is sent: pass Next's `after` (from
   * `next/server`) on a serverless or edge deployment. Without it the collector's own
   * timer sends (a long-running `next start` server).
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * Wraps a Next.js route handler of an agentic checkout endpoint (ACP
 * `app/checkout_sessions/[id]/complete/route.ts`, UCP `app/checkout-sessions/…`, or an
 * MCP route): the handler answers as it did, the answer is copied and read afterwards,
 * and a completed, canceled or failed checkout is recorded as an order
 * (docs/integrations/agentic-checkout.md). The handler's arguments and answer pass
 * through unchanged; its types are kept.
 */
export function withAgenticCheckout<Req extends Request, Args extends unknown[]>(
  collectorOrOptions: Collector | CollectorOptions,
  handler: (request: Req, ...args: Args) => Response | Promise<Response>,
  options: AgenticCheckoutOptions<Req> = {},
) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  if (options.waitUntil) collector.useWaitUntil();
  const wrapped = async (request: Req, ...args: Args): Promise<Response> => {
    let checkout: ReturnType<typeof watchWebCheckout> = null;
    try {
      checkout = watchWebCheckout(collector, request);
    } catch {
      checkout = null;
    }
    const response = await handler(request, ...args);
    try {
      if (checkout) {
        const settled = checkout(response, {
          method: request.method,
          url: request.url,
          status: response.status,
          contentType: response.headers.get("content-type"),
          header: (name) => request.headers.get(name),
          ip: options.clientIp ? options.clientIp(request) : defaultIp(request),
        });
        options.waitUntil?.(settled.then(() => collector.flushSoon()));
      }
    } catch {
      // Never in the shop's way.
    }
    return response;
  };
  return Object.assign(wrapped, { collector });
}
