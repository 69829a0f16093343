import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import { ApiError } from "../errors/api-error";
import type { ErrorStyle } from "../errors/error-body";
import { type AccessLogOptions, accessLog } from "./access-log";
import { refuseOtherMethods } from "./method-not-allowed";
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
  app.use(refuseOtherMethods(app as never, options.errorStyle, options.worker) as never);
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
