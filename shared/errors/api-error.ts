import { type ErrorCode, errorCatalogue } from "../result/error-codes";
import type { Refusal, Result } from "../result/result";

export interface ApiErrorOptions {
  /** Additive machine-readable detail, e.g. which fields failed validation. */
  details?: unknown;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type. Handlers throw it; each app's `onError` formats it as the
 * v1 body `{error, code}` or the scan body `{error}`.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: ApiErrorOptions = {}) {
    super(message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/**
 * The value of a domain function's result, or its refusal as an ApiError (made at the
 * Worker's edge): a field at fault becomes `details` (under `in`, where the v1 request
 * carried it), a retry delay the `Retry-After` header.
 */
export function valueOrThrow<T>(result: Result<T>, fieldsIn: "body" | "query" | "path" = "body"): T {
  if (result.ok) return result.value;
  const message = result.message ?? errorCatalogue[result.code].message;
  throw new ApiError(result.code, message, {
    details: result.field === undefined ? undefined : [{ field: `${fieldsIn}.${result.field}`, message }],
    headers: result.retryAfterSeconds === undefined ? {} : { "Retry-After": String(result.retryAfterSeconds) },
  });
}

/** A thrown ApiError as the refusal it stands for (transports that answer in HTML read it so); else null. */
export function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof ApiError)) return null;
  return { ok: false, code: err.code, message: err.message };
}
