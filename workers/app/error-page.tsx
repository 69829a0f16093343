import { refusalOf } from "@shared/errors/api-error";
import { loggedRoute } from "@shared/http/access-log";
import { log } from "@shared/http/log";
import { errorCatalogue } from "@shared/result/error-codes";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env";
import { renderPage } from "./layout/render";

const titles: Partial<Record<number, string>> = {
  400: "Something in the form is not right",
  403: "Not allowed",
  404: "Page not found",
  405: "Not allowed",
  413: "Too much data",
  429: "Too many attempts",
};

/** Errors as pages in the layout (the app speaks HTML), with the request id to quote. */
export function errorPage(err: unknown, c: Context<AppEnv>): Promise<Response> {
  let status: ContentfulStatusCode = 500;
  let message = "Something went wrong on our side.";
  const refused = refusalOf(err);
  if (err instanceof HTTPException) {
    status = err.status as ContentfulStatusCode;
    message = err.message || message;
  } else if (refused && errorCatalogue[refused.code].status < 500) {
    // A few shared parsers (report window, cursor) still throw their refusal: the same
    // refusal, as a page.
    status = errorCatalogue[refused.code].status as ContentfulStatusCode;
    message = refused.message ?? errorCatalogue[refused.code].message;
  } else {
    log("error", "unhandled", {
      worker: "app",
      request_id: c.get("requestId"),
      route: loggedRoute(c),
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
  if (!c.get("csrfToken")) c.set("csrfToken", "");
  return renderPage(c, {
    title: titles[status] ?? "Something went wrong",
    status,
    body: (
      <>
        <p>{message}</p>
        <p class="hint">
          Request id: <code>{c.get("requestId")}</code>
        </p>
        <p>
          <a href="/app">Back to the application</a>
        </p>
      </>
    ),
  });
}
