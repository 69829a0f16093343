import type { MiddlewareHandler } from "hono";
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
}

/** One structured line per request: worker, request id, method, path, status, duration. */
export function accessLog(
  worker: string,
  options: AccessLogOptions = {},
): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  const quiet = new Set(options.quietSuccessPaths ?? []);
  return async (c, next) => {
    const started = Date.now();
    await next();
    const status = c.res.status;
    if (status < 300 && quiet.has(c.req.path)) return;
    log(status >= 500 ? "error" : "info", "request", {
      worker,
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Date.now() - started,
    });
  };
}
