import type { Result } from "../result/result";
import { type ErrorCode, errorCatalogue } from "./catalogue";

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

/** The value of a domain function's result, or its refusal as an ApiError (made at the Worker's edge). */
export function valueOrThrow<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.code, result.message);
}
