import { Collector, type CollectorOptions } from "./collector.js";

/** The parts of Next.js's `NextRequest` and `NextFetchEvent` this reads, typed by shape. */
export interface NextRequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export interface NextFetchEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export type NextMiddlewareLike = (
  request: NextRequestLike,
  event: NextFetchEventLike,
) => Response | undefined | null | undefined | Promise<Response | undefined | null>;

export interface NextOptions {
  /** The client IP; default the first `X-Forwarded-For` address, else `X-Real-IP` (Vercel sets both). */
  clientIp?: (request: NextRequestLike) => string | null | undefined;
}

/**
 * Wraps a Next.js middleware (or none): runs it, records the request, and sends the batch
 * under `event.waitUntil`, after the answer. Middleware runs before the page, so when it
 * passes the request on (no answer, or `NextResponse.next()`) the page's status and
 * Content-Type are not known here: the record says 200 and the path decides whether it is
 * a page (docs/integrations/node.md, "Next.js").
 */
export function withAgentReadiness(
  collectorOrOptions: Collector | CollectorOptions,
  middleware?: NextMiddlewareLike,
  options: NextOptions = {},
) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  // Edge middleware ends with the request: batches go under waitUntil, never on a timer.
  collector.useWaitUntil();
  const wrapped = async (request: NextRequestLike, event: NextFetchEventLike) => {
    const response = middleware ? await middleware(request, event) : undefined;
    try {
      const passedOn = !response || response.headers.get("x-middleware-next") === "1";
      collector.record({
        method: request.method,
        url: request.url,
        status: passedOn ? 200 : response.status,
        contentType: passedOn ? null : response.headers.get("content-type"),
        header: (name) => request.headers.get(name),
        ip: options.clientIp
          ? options.clientIp(request)
          : (request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? request.headers.get("x-real-ip")),
      });
      event.waitUntil(collector.flushSoon());
    } catch {
      // Never in the shop's way.
    }
    return response ?? undefined;
  };
  return Object.assign(wrapped, { collector });
}
