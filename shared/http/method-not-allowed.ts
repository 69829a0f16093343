import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { ApiError } from "../errors/api-error";
import type { ErrorStyle } from "../errors/error-body";
import { toErrorResponse } from "./on-error";

/**
 * A known path with another method is 405 with `Allow` (docs/decisions.md#2-v1-errors),
 * by hono's own middleware, for every app that answers routes itself (the product
 * Workers, the edge's own documents, the application's pages). `allow` lists the methods
 * routes declare, with HEAD beside GET: hono answers HEAD for every GET route, and
 * RFC 9110 §10.2.1 has `Allow` list what the resource supports.
 * It acts on a 404 *response*, so a catch-all must return its 404 rather than throw it.
 * `answer` makes the 405 in the app's own style and sets `Allow`.
 */
export function otherMethodsRefused<E extends Env>(
  app: Hono<E>,
  answer: (c: Context<E>, allow: string) => Response | Promise<Response>,
): MiddlewareHandler<E> {
  return methodNotAllowed<E>({
    app,
    onMethodNotAllowed: (c, methods) => answer(c, methods.join(", ")),
  });
}

/** The 405 as an API error, `method_not_allowed` in the Worker's error style. */
export function refuseOtherMethods<E extends Env>(app: Hono<E>, style: ErrorStyle, worker: string) {
  return otherMethodsRefused(app, (c, allow) =>
    toErrorResponse(
      new ApiError("method_not_allowed", `Method ${c.req.method} is not allowed here`, { headers: { Allow: allow } }),
      c,
      style,
      worker,
    ),
  );
}
