import type { Hono } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { ApiError } from "../errors/api-error";
import type { ErrorStyle } from "../errors/error-body";
import { toErrorResponse } from "./on-error";

/**
 * A known path with another method is 405 `method_not_allowed` with `Allow`
 * (docs/decisions.md#2-v1-errors), by hono's own middleware, for every app that answers
 * routes itself (the product Workers and the edge's own documents). `Allow` lists the
 * methods routes declare; hono adds HEAD for GET routes and answers HEAD itself. It acts
 * on a 404 *response*, so a catch-all must return its 404 rather than throw it.
 */
export function refuseOtherMethods(app: Hono<never>, style: ErrorStyle, worker: string) {
  return methodNotAllowed({
    app: app as never,
    onMethodNotAllowed: (c, methods) =>
      toErrorResponse(
        new ApiError("method_not_allowed", `Method ${c.req.method} is not allowed here`, {
          headers: { Allow: methods.filter((m) => m !== "HEAD").join(", ") },
        }),
        c,
        style,
        worker,
      ),
  });
}
