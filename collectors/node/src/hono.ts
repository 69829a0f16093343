import { Collector, type CollectorOptions } from "./collector.js";

/** The parts of a Hono `Context` this reads, typed by shape (Hono 4). */
export interface HonoContextLike {
  req: { method: string; url: string; header(name: string): string | undefined };
  res: Response;
  /** Hono throws when the runtime gives no execution context (Node, Bun): read in a try. */
  readonly executionCtx: { waitUntil(promise: Promise<unknown>): void };
}

export interface HonoOptions {
  /** The client IP; default `CF-Connecting-IP`, else the first `X-Forwarded-For` address. */
  clientIp?: (c: HonoContextLike) => string | null | undefined;
}

/**
 * Hono middleware: lets the route answer (`await next()`, the shop's own work), records
 * the request from `c.res`, and returns. Where the runtime gives an execution context
 * (Workers, Deno Deploy, Vercel edge) the batch is sent under `waitUntil`; on Node the
 * collector's timer sends it.
 */
export function agentReadiness(collectorOrOptions: Collector | CollectorOptions, options: HonoOptions = {}) {
  const collector = collectorOrOptions instanceof Collector ? collectorOrOptions : new Collector(collectorOrOptions);
  const middleware = async (c: HonoContextLike, next: () => Promise<void>) => {
    await next();
    let ctx: HonoContextLike["executionCtx"] | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    try {
      if (ctx) collector.useWaitUntil();
      collector.record({
        method: c.req.method,
        url: c.req.url,
        status: c.res.status,
        contentType: c.res.headers.get("content-type"),
        header: (name) => c.req.header(name),
        ip: options.clientIp
          ? options.clientIp(c)
          : (c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim()),
      });
    } catch {
      // Never in the shop's way.
    }
    try {
      ctx?.waitUntil(collector.flushSoon());
    } catch {
      // As above.
    }
  };
  return Object.assign(middleware, { collector });
}
