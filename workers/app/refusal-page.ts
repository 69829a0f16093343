import { errorCatalogue } from "@shared/result/error-codes";
import type { Result } from "@shared/result/result";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The value of a use case's result, or its refusal as the app's error page (the
 * catalogue's status and message, through errorPage): the HTML twin of v1's
 * `valueOrThrow`.
 */
export function pageValue<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const { status, message } = errorCatalogue[result.code];
  throw new HTTPException(status as ContentfulStatusCode, { message: result.message ?? message });
}
