import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { ApiError } from "../errors/api-error";
import type { ErrorStyle } from "../errors/error-body";
import { type AccessLogOptions, accessLog } from "./access-log";
import { toErrorResponse } from "./on-error";
import { type RequestIdVariables, requestId } from "./request-id";
import { describeIssues, fieldIssues } from "./validation-details";

export interface AppOptions extends AccessLogOptions {
  worker: string;
  errorStyle: ErrorStyle;
}

export type AppEnv<Bindings extends object, Variables extends object = object> = {
  Bindings: Bindings;
  Variables: RequestIdVariables & Variables;
};

/**
 * The one app factory: request id, access log, zod failures as 400 `invalid_request`
 * naming each field, `notFound` and `onError` in the worker's error style.
 */
export function createApp<E extends HonoEnv>(options: AppOptions): OpenAPIHono<E> {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = fieldIssues(result.error, result.target);
        throw new ApiError("invalid_request", `Invalid request: ${describeIssues(issues)}`, { details: issues });
      }
    },
  });
  app.use(requestId() as never);
  app.use(accessLog(options.worker, options) as never);
  // A known path with another method is 405 `method_not_allowed` with `Allow`
  // (docs/decisions.md#2-v1-errors), by hono's own middleware. `Allow` lists the
  // methods routes declare; hono adds HEAD for GET routes and answers HEAD itself.
  app.use(
    methodNotAllowed({
      app: app as never,
      onMethodNotAllowed: (c, methods) =>
        toErrorResponse(
          new ApiError("method_not_allowed", `Method ${c.req.method} is not allowed here`, {
            headers: { Allow: methods.filter((m) => m !== "HEAD").join(", ") },
          }),
          c,
          options.errorStyle,
          options.worker,
        ),
    }) as never,
  );
  app.notFound((c) =>
    toErrorResponse(
      new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`),
      c,
      options.errorStyle,
      options.worker,
    ),
  );
  app.onError((err, c) => toErrorResponse(err, c, options.errorStyle, options.worker));
  return app;
}
