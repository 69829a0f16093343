import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { log } from "./log";
import type { RequestIdVariables } from "./request-id";

export interface AccessLogOptions {
  /**
   * Paths whose 2xx answers get no line of their own: the beacon, the one path with a
   * request per page view. Writing a log line was the largest single cost of an
   * accepted beacon (docs/performance/log.md, "Where a beacon's time went"), and
   * Cloudflare's invocation log (`[observability]` in the Worker's wrangler.toml)
   * already records each request's method, URL, status and duration. Their refusals
   * and errors are logged like any other answer.
   */
  quietSuccessPaths?: readonly string[];
  /** The route a request is logged under when the Worker's own routes say less (the edge's catch-all). */
  route?: (c: Context) => string;
}

/**
 * The route pattern a request matched (`/app/reset/:token`), never its path: reset,
 * invitation, email-confirmation and unsubscribe tokens are path segments, and a log
 * line must not be a way to read them (docs/security.md, issue 41 "Lower"). The last
 * route registered for the request is the most specific one (hono/route `routePath`); a
 * request that matched only middleware is logged as its pattern, "/*".
 */
export function loggedRoute(c: Context): string {
  return routePath(c, -1) || "*";
}

/** One structured line per request: worker, request id, method, route pattern, status, duration. */
export function accessLog(
  worker: string,
  options: AccessLogOptions = {},
): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  const quiet = new Set(options.quietSuccessPaths ?? []);
  const routeOf = options.route ?? loggedRoute;
  return async (c, next) => {
    const started = Date.now();
    await next();
    const status = c.res.status;
    if (status < 300 && quiet.has(c.req.path)) return;
    log(status >= 500 ? "error" : "info", "request", {
      worker,
      request_id: c.get("requestId"),
      method: c.req.method,
      route: routeOf(c),
      status,
      ms: Date.now() - started,
    });
  };
}
