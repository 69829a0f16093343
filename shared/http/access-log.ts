import type { MiddlewareHandler } from "hono";
import { log } from "./log";
import type { RequestIdVariables } from "./request-id";

/** One structured line per request: worker, request id, method, path, status, duration. */
export function accessLog(worker: string): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const started = Date.now();
    await next();
    log(c.res.status >= 500 ? "error" : "info", "request", {
      worker,
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
    });
  };
}
