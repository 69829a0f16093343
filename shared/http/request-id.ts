import type { MiddlewareHandler } from "hono";

export const REQUEST_ID_HEADER = "X-Request-Id";

// A caller-supplied id is kept only when it is short and plain, so it can be logged
// and echoed safely; anything else is replaced.
const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

export function pickRequestId(incoming: string | null | undefined): string {
  return incoming && acceptable.test(incoming) ? incoming : crypto.randomUUID();
}

export type RequestIdVariables = { requestId: string };

/** Propagates or generates the request id and sets it on every response, errors included. */
export function requestId(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const id = pickRequestId(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
